// A response map is ordered as its selection set (GraphQL spec, "Execute Selection Set"),
// whatever order the fields resolve in: over a real HTTP server, for every root field, with
// aliases, fragments, nested selections and an error in the middle. @graphql-tools/executor
// 2.0.1, an earlier executor of Yoga's, ordered them by resolution: the first query below
// answered `d, c, a, b`.
import { readFileSync } from 'node:fs';
import {
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  parse,
} from 'graphql';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema/schema.js';
import { INTRO, makeApp, splitCost, type Listening, listen } from './helpers.js';

const CRUSADE = readFileSync(new URL('../../examples/crusade-input.txt', import.meta.url), 'utf8');

let http: Listening;
let url: string;
const made = makeApp();

beforeAll(async () => {
  made.store.put('intro', INTRO);
  http = await listen(made.app);
  url = http.url;
});

afterAll(() => http.close());

interface Answer {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: ReadonlyArray<{ message: string; path?: unknown[] }>;
}

async function run(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables }),
  });
  return splitCost((await response.json()) as Answer).body;
}

/** The keys of every object in `value`, depth first, with its path. */
function keyOrder(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyOrder(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const keys = Object.keys(value);
  return [
    `${path}{${keys.join(',')}}`,
    ...keys.flatMap((key) => keyOrder((value as Record<string, unknown>)[key], `${path}.${key}`)),
  ];
}

/**
 * The same, as the document orders them: each object's response keys in the order of its
 * selection set, fragments in place (a fragment of another type adds keys the object lacks).
 */
function documentOrder(query: string, data: unknown): string[] {
  const document = parse(query);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const collect = (sets: readonly SelectionSetNode[], fields = new Map<string, FieldNode[]>()) => {
    for (const selection of sets.flatMap((set) => set.selections)) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        fields.set(key, [...(fields.get(key) ?? []), selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect([selection.selectionSet], fields);
      } else {
        collect([fragments.get(selection.name.value)!.selectionSet], fields);
      }
    }
    return fields;
  };
  const walk = (sets: readonly SelectionSetNode[], value: unknown, path: string): string[] => {
    if (Array.isArray(value)) return value.flatMap((item, i) => walk(sets, item, `${path}[${i}]`));
    if (value === null || typeof value !== 'object') return [];
    const fields = collect(sets);
    const keys = [...fields.keys()].filter((key) => key in value);
    return [
      `${path}{${keys.join(',')}}`,
      ...keys.flatMap((key) =>
        walk(
          fields.get(key)!.flatMap((field) => (field.selectionSet ? [field.selectionSet] : [])),
          (value as Record<string, unknown>)[key],
          `${path}.${key}`,
        ),
      ),
    ];
  };
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
  return walk([(operation as OperationDefinitionNode).selectionSet], data, '');
}

/**
 * For each root field, an operation that selects it twice around a field that answers at once
 * (`__typename`), its own selections slow (the solver, the store) before fast ones; and the
 * keys its answer must have, in that order.
 */
const LEVEL = 'steps id ... on Level { render version } levelId';
const ROOT_FIELDS: Record<string, Record<string, { query: string; keys: string[] }>> = {
  Query: {
    checkLevel: {
      query: `{ a: checkLevel(rows: ["S.E"]) { ... on LevelDraft { steps render width } __typename }
        t: __typename b: checkLevel(rows: ["S#E"]) { __typename ... on LevelDraft { unreachable { row } steps } } }`,
      keys: ['a', 't', 'b'],
    },
    crusadePlan: {
      query: `query ($level: String!) { a: crusadePlan(level: $level) { ... on CrusadePlan { outcome turns { turn } } }
        t: __typename b: crusadePlan(level: "x") { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    generateCarving: {
      query: `{ a: generateCarving(input: { width: 3, height: 2, seed: 1 }) { ... on Carving { warnings stepCount rows phases { start phase count } width } __typename }
        t: __typename b: generateCarving(input: { width: 0, height: 2, seed: 1 }) { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    level: {
      query: `{ a: level(id: "intro") { ${LEVEL} } t: __typename b: level(id: "zz") { id }
        c: level(id: "intro", version: 1) { ${LEVEL} } }`,
      keys: ['a', 't', 'b', 'c'],
    },
    levels: {
      query: `{ a: levels(first: 5) { edges { node { ${LEVEL} } cursor } pageInfo { hasNextPage } }
        t: __typename b: levels(tag: "none") { pageInfo { endCursor } edges { cursor } } }`,
      keys: ['a', 't', 'b'],
    },
    levelsById: {
      query: `{ a: levelsById(ids: ["intro", "zz"]) { ${LEVEL} } t: __typename
        b: levelsById(ids: ["zz"]) { id } }`,
      keys: ['a', 't', 'b'],
    },
    node: {
      query: `{ a: node(id: "intro") { id ... on Level { ${LEVEL} } } t: __typename b: node(id: "zz") { id }
        c: node(id: "\\u0000Level:intro@1") { __typename ... on Level { ${LEVEL} } } }`,
      keys: ['a', 't', 'b', 'c'],
    },
    nodes: {
      query: `{ a: nodes(ids: ["intro", "zz", "\\u0000LevelVersion:intro@1"]) { id ... on LevelVersion { version levelId } }
        t: __typename b: nodes(ids: []) { id } }`,
      keys: ['a', 't', 'b'],
    },
    walkLevel: {
      query: `{ a: walkLevel(rows: ["S.E"], moves: "RR") { ... on Walk { blockedAt } __typename }
        t: __typename b: walkLevel(rows: ["SE"], moves: "R") { __typename } }`,
      keys: ['a', 't', 'b'],
    },
  },
  Mutation: {
    loadLevel: {
      query: `mutation { a: loadLevel(id: "m1", rows: ["S.E"]) { ... on Level { ${LEVEL} } }
        t: __typename b: loadLevel(id: "m2", rows: ["SE"]) { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    generateLevel: {
      query: `mutation { a: generateLevel(id: "g1", input: { width: 3, height: 3, seed: 1 }) { ... on GeneratedLevel { level { ${LEVEL} } warnings } }
        t: __typename b: generateLevel(id: "g2", input: { width: 3, height: 2, seed: 5 }) { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    importMaze: {
      query: `mutation { a: importMaze(id: "i1", text: "D3\\nD6\\n\\n0,0\\n1,1\\nES\\n") { ... on ImportedMaze { level { ${LEVEL} } __typename } __typename }
        t: __typename b: importMaze(id: "i2", text: "") { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    copyLevel: {
      query: `mutation { a: copyLevel(from: "intro", to: "c1") { ... on Level { ${LEVEL} } }
        t: __typename b: copyLevel(from: "zz", to: "c2") { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    revertLevel: {
      query: `mutation { a: revertLevel(id: "intro", version: 1) { ... on Level { ${LEVEL} } }
        t: __typename b: revertLevel(id: "intro", version: 99) { __typename } }`,
      keys: ['a', 't', 'b'],
    },
    deleteLevel: {
      query: `mutation { a: deleteLevel(id: "m2") t: __typename b: deleteLevel(id: "zz") }`,
      keys: ['a', 't', 'b'],
    },
    joinLevel: {
      query: `mutation { a: joinLevel(id: "intro", session: "orderSession1", name: "Ana") {
          ... on LevelSession { session name drawing { seq width levelId } collaborators { name } } }
        t: __typename b: joinLevel(id: "zz", session: "orderSession1") { __typename ... on EditError { code } } }`,
      keys: ['a', 't', 'b'],
    },
    editLevel: {
      query: `mutation { a: editLevel(id: "intro", session: "orderSession1", edit: 1,
          cells: [{ row: 1, col: 1, glyphs: "." }]) { ... on EditAccepted { seq } __typename }
        t: __typename b: editLevel(id: "intro", session: "orderSession1", edit: 2,
          cells: [{ row: 99, col: 0, glyphs: "#" }]) { __typename ... on EditError { message code } } }`,
      keys: ['a', 't', 'b'],
    },
    moveInLevel: {
      query: `mutation { a: moveInLevel(id: "intro", session: "orderSession2", pointer: { row: 0, col: 0 })
        t: __typename b: moveInLevel(id: "zz", session: "orderSession2") }`,
      keys: ['a', 't', 'b'],
    },
    leaveLevel: {
      query: `mutation { a: leaveLevel(id: "intro", session: "orderSession3") t: __typename
        b: leaveLevel(id: "zz", session: "orderSession3") }`,
      keys: ['a', 't', 'b'],
    },
  },
};

describe('the order of a response map', () => {
  it("answers the issue's query in its order: a, b, c, d", async () => {
    const answer = await run(
      '{ a: level(id:"intro"){version} b: level(id:"zz"){version} ' +
        'c: level(id:"intro",version:1){version} d: checkLevel(rows:["S.E"]){__typename} }',
    );
    expect(JSON.stringify(answer)).toBe(
      JSON.stringify({
        data: {
          a: { version: 1 },
          b: null,
          c: { version: 1 },
          d: { __typename: 'LevelDraft' },
        },
      }),
    );
  });

  it('has an operation for every root field (a new one needs its own)', () => {
    for (const type of [schema.getQueryType()!, schema.getMutationType()!]) {
      expect(Object.keys(ROOT_FIELDS[type.name]).sort()).toEqual(
        Object.keys(type.getFields()).sort(),
      );
    }
  });

  const cases = Object.entries(ROOT_FIELDS).flatMap(([type, fields]) =>
    Object.entries(fields).map(([field, test]) => [`${type}.${field}`, test] as const),
  );
  it.each(cases)('orders %s and its selections as asked', async (_name, { query, keys }) => {
    const answer = await run(query, { level: CRUSADE });
    expect(answer.errors).toBeUndefined();
    expect(Object.keys(answer.data!)).toEqual(keys);
    // Every object below too: its keys in the order of its selection set.
    expect(keyOrder(answer.data)).toEqual(documentOrder(query, answer.data));
  });

  it('keeps the order around a null in the middle', async () => {
    const answer = await run(
      `{ a: level(id: "intro") { steps id } b: level(id: "zz") { id history { edges { cursor } } }
        c: checkLevel(rows: ["S.E"]) { __typename } d: level(id: "intro") { render levelId } }`,
    );
    expect(Object.keys(answer.data!)).toEqual(['a', 'b', 'c', 'd']);
    expect(answer.data!.b).toBeNull();
    expect(keyOrder(answer.data)).toEqual([
      '{a,b,c,d}',
      '.a{steps,id}',
      '.c{__typename}',
      '.d{render,levelId}',
    ]);
  });

  it('refuses a bad argument in the middle before anything runs', async () => {
    const answer = await run(
      `{ a: level(id: "intro") { steps id } b: level(id: "intro") { id history(first: 0) { edges { cursor } } }
        c: checkLevel(rows: ["S.E"]) { __typename } }`,
    );
    expect(answer).toEqual({
      errors: [
        {
          message: "'first' must be between 1 and 100, got 0",
          locations: [{ line: 1, column: 65 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
  });

  it('orders the events of a subscription as their selection set', async () => {
    const client = createClient({ url, retryAttempts: 0 });
    const events: unknown[] = [];
    let resolveFirst: () => void = () => {};
    const first = new Promise<void>((resolve) => (resolveFirst = resolve));
    const stop = client.subscribe(
      { query: 'subscription { levelChanged(id: "sub") { version kind id } }' },
      {
        next: (value) => {
          events.push(value);
          resolveFirst();
        },
        error: () => {},
        complete: () => {},
      },
    );
    try {
      // Saved until the stream is open and the event arrives (no sleeping, no timing).
      let version = 0;
      while (events.length === 0) {
        await made.service.load('sub', [version++ % 2 === 0 ? 'S.E' : 'SE']);
        await Promise.race([first, new Promise((resolve) => setImmediate(resolve))]);
      }
      expect(keyOrder(events[0])).toEqual([
        '{data}',
        '.data{levelChanged}',
        '.data.levelChanged{version,kind,id}',
      ]);
    } finally {
      stop();
      client.dispose();
    }
  });
});
