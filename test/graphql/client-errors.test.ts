// Every client mistake answers 4xx with an `extensions.code`, never 500, and no answer shows an
// original error, a class name or a stack (docs/graphql.md, "Errors"). The limits' codes are
// in http.test.ts; test/fuzz/ sends random requests of every kind to a real server process.
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

interface Case {
  readonly name: string;
  readonly url?: string;
  readonly init: RequestInit;
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

const json = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body,
});
const get = (query: string): { url: string; init: RequestInit } => ({
  url: `/graphql?${query}`,
  init: { headers: { accept: 'application/json' } },
});

const CASES: Case[] = [
  {
    name: 'GET variables that are not JSON',
    ...get('query={__typename}&variables={bad'),
    status: 400,
    code: 'BAD_REQUEST',
    message: "the query string's 'variables' is not valid JSON",
  },
  {
    name: 'GET extensions that are not JSON',
    ...get('query={__typename}&extensions=%7B'),
    status: 400,
    code: 'BAD_REQUEST',
    message: "the query string's 'extensions' is not valid JSON",
  },
  {
    name: 'GET variables that are not an object',
    ...get('query={__typename}&variables=[1]'),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Expected "variables" param to be empty or an object, but given array.',
  },
  {
    name: 'GET without a query',
    ...get('variables={}'),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Must provide query string.',
  },
  {
    name: 'a body that is not JSON',
    init: json('{"query": '),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'POST body sent invalid JSON.',
  },
  {
    name: 'a JSON list of operations (batching is off)',
    init: json('[1, 2]'),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Batching is not supported.',
  },
  {
    name: 'a JSON body that is not an object',
    init: json('"query"'),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'POST body is expected to be object but received string',
  },
  {
    name: 'a query that is not a string',
    init: json('{"query": 5}'),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Expected "query" param to be a string, but given number.',
  },
  {
    name: 'a syntax error, asked for as application/json',
    init: json('{"query": "{ level("}', { accept: 'application/json' }),
    status: 400,
    code: 'GRAPHQL_PARSE_FAILED',
    message: 'Syntax Error: Expected Name, found <EOF>.',
  },
  {
    name: 'an unknown field, asked for as application/json',
    init: json('{"query": "{ nothing }"}', { accept: 'application/json' }),
    status: 400,
    code: 'GRAPHQL_VALIDATION_FAILED',
    message: 'Cannot query field "nothing" on type "Query".',
  },
  {
    name: 'a variable of the wrong type',
    init: json('{"query": "query ($id: ID!) { level(id: $id) { id } }", "variables": {"id": []}}'),
    status: 400,
    code: 'BAD_USER_INPUT',
    message: 'Variable "$id" got invalid value []; ID cannot represent value: []',
  },
  {
    name: 'a missing variable',
    init: json('{"query": "query ($id: ID!) { level(id: $id) { id } }"}'),
    status: 400,
    code: 'BAD_USER_INPUT',
    message: 'Variable "$id" of required type "ID!" was not provided.',
  },
  {
    name: 'two operations and no operationName',
    init: json('{"query": "query A { __typename } query B { __typename }"}'),
    status: 400,
    code: 'OPERATION_RESOLUTION_FAILURE',
    message: 'Could not determine what operation to execute.',
  },
  {
    name: 'an Accept header the server cannot answer',
    init: json('{"query": "{ __typename }"}', { accept: 'application/xml' }),
    status: 406,
    code: 'NOT_ACCEPTABLE',
    message:
      'the Accept header names no format this server answers: accept application/graphql-response+json or application/json',
  },
  {
    name: 'a malformed Content-Length',
    init: json('{"query": "{ __typename }"}', { 'content-length': '12abc' }),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Content-Length header is invalid.',
  },
];

describe('client mistakes', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: 4xx with a code and a message',
    async (_name, { url, init, status, code, message }) => {
      const { app } = makeApp();
      const response = await app.fetch(`http://localhost${url ?? '/graphql'}`, init);
      const text = await response.text();
      expect(response.status).toBe(status);
      const body = JSON.parse(text) as { errors: Array<Record<string, unknown>> };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatchObject({ message, extensions: { code } });
      expect(Object.keys(body.errors[0].extensions as object)).toEqual(['code']);
      expect(text).not.toMatch(/originalError|stack|SyntaxError|TypeError|\bat .*\.js:\d/);
    },
  );
});
