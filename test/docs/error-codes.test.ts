// docs/graphql.md lists every error code the server answers: the typed results' codes (each
// with the types whose `code` enum has it, checked against the live schema) and the request
// errors' codes (checked against the code literals in the server's source, both ways: a code
// the source answers is listed, and a listed code is one the source or graphql-yoga answers).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLEnumType, GraphQLNonNull, GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REQUEST_ERROR_CODES } from '../../src/graphql/schema/request-errors.js';
import { schema } from '../../src/graphql/schema/schema.js';

const root = join(import.meta.dirname, '../..');
const docs = readFileSync(join(root, 'docs/graphql.md'), 'utf8');

/** The rows (as cells, the header left out) of the one table whose header is `header`. */
function tableWithHeader(header: readonly string[]): string[][] {
  const cells = (line: string) =>
    line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const lines = docs.split('\n');
  const starts = lines
    .map((line, i) => [line, i] as const)
    .filter(([line]) => line.trim().startsWith('|') && cells(line).join('|') === header.join('|'));
  if (starts.length !== 1) {
    throw new Error(`docs/graphql.md has ${starts.length} tables headed ${header.join(' | ')}`);
  }
  const rows: string[][] = [];
  // The header, then the `| --- |` line, then the rows up to the first line that is not one.
  for (let i = starts[0][1] + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    rows.push(cells(lines[i]));
  }
  return rows;
}

/** The `CODE`s quoted in a cell. */
function codesIn(cell: string): string[] {
  return [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
}

/** The `TypeName`s quoted in a cell. */
function typesIn(cell: string): string[] {
  return [...cell.matchAll(/`([A-Z][A-Za-z]*)`/g)].map((match) => match[1]);
}

/** Each result code, and the error types whose `code` enum has it, from the schema. */
function schemaResultCodes(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  const errorTypes = Object.values(schema.getTypeMap())
    .filter((type): type is GraphQLObjectType => type instanceof GraphQLObjectType)
    .filter((type) => type.getInterfaces().some((face) => face.name === 'Error'))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const type of errorTypes) {
    const field = type.getFields().code;
    const enumType = field.type instanceof GraphQLNonNull ? field.type.ofType : field.type;
    if (!(enumType instanceof GraphQLEnumType)) {
      throw new Error(`${type.name}.code is not an enum`);
    }
    for (const value of enumType.getValues()) {
      codes.set(value.name, [...(codes.get(value.name) ?? []), type.name]);
    }
  }
  return codes;
}

function sourceFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(dir, file));
}

const QUOTED = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;

/** request-errors.ts declares every code in REQUEST_ERROR_CODES: a use is anywhere else. */
const DECLARATION = /export const REQUEST_ERROR_CODES = \[[^\]]*\] as const;/;

function quotedIn(files: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(DECLARATION, '');
    for (const match of text.matchAll(QUOTED)) found.add(match[1]);
  }
  return found;
}

/**
 * Upper-case literals of the request layer that are not codes a client is answered, each with
 * what it is. A new literal there is taken for a new code: list it in docs/graphql.md, or here.
 */
const NOT_CODES: Record<string, string> = {
  GET: 'an HTTP method',
  HEAD: 'an HTTP method',
  POST: 'an HTTP method',
  OPTIONS: 'an HTTP method',
  SOLVE: "a budget's name (extensions.budget of TOO_EXPENSIVE)",
  CRUSADE: "a budget's name",
  RESPONSE_BYTES: "a budget's name",
  UNREACHABLE: 'a store fault, answered DATABASE_UNAVAILABLE',
  CANNOT_WRITE: 'a store fault, answered STORE_UNAVAILABLE',
  MOVES_TOO_LONG: "walkLevel's moves refused by the engine, answered BAD_USER_INPUT",
  UNKNOWN_MOVE: "walkLevel's moves refused by the engine, answered BAD_USER_INPUT",
  MISSED: "a change event's kind",
  DELETED: "a change event's kind",
  SIGTERM: 'a signal',
  SIGINT: 'a signal',
  ECONNRESET: "node's error code, read, never answered",
  HPE_HEADER_OVERFLOW: "node's error code, read, never answered",
  ERR_HTTP_REQUEST_TIMEOUT: "node's error code, read, never answered",
};

describe('docs/graphql.md error codes', () => {
  const resultRows = tableWithHeader(['code', 'types', 'when']);
  const requestRows = tableWithHeader(['code', 'status', 'when']);
  const resultCodes = schemaResultCodes();

  it('lists every code of every typed error, with exactly the types that answer it', () => {
    const listed = new Map(
      resultRows.map((cells) => [codesIn(cells[0])[0], typesIn(cells[1]).sort()]),
    );
    expect(resultRows.length).toBe(listed.size);
    expect(Object.fromEntries([...listed].sort(([a], [b]) => a.localeCompare(b)))).toEqual(
      Object.fromEntries(
        [...resultCodes]
          .map(([code, types]) => [code, [...types].sort()] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
  });

  it('lists every code the request layer answers, with a status', () => {
    const listed = new Map<string, string>();
    for (const cells of requestRows) {
      for (const code of codesIn(cells[0])) listed.set(code, cells[1]);
    }
    const answered = [
      ...quotedIn([
        ...sourceFiles(join(root, 'src/graphql'), '.ts'),
        join(root, 'src/server.ts'),
        ...sourceFiles(join(root, 'src/server'), '.ts'),
      ]),
    ].filter((code) => !(code in NOT_CODES) && !resultCodes.has(code));
    expect(answered.filter((code) => !listed.has(code))).toEqual([]);
    for (const [code, status] of listed) {
      expect(status, code).toMatch(/^\d{3}(, \d{3})*$/);
    }
    // The excluded literals are still in the source (an exclusion left behind hides nothing).
    const everywhere = quotedIn(sourceFiles(join(root, 'src'), '.ts'));
    expect(Object.keys(NOT_CODES).filter((name) => !everywhere.has(name))).toEqual([]);
  });

  it('lists exactly the codes of RequestErrorCode', () => {
    const listed = new Set(requestRows.flatMap((cells) => codesIn(cells[0])));
    expect([...listed].sort()).toEqual([...REQUEST_ERROR_CODES].sort());
  });

  it('lists no request code that nothing answers', () => {
    const listed = requestRows.flatMap((cells) => codesIn(cells[0]));
    const ours = quotedIn(sourceFiles(join(root, 'src'), '.ts'));
    const yoga = quotedIn(sourceFiles(join(root, 'node_modules/graphql-yoga/esm'), '.js'));
    expect(listed.filter((code) => !ours.has(code) && !yoga.has(code))).toEqual([]);
  });
});
