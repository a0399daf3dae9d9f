// Identity over real HTTP against the server process: every object that implements Node (a
// current Level, a Level at a version, a LevelVersion) refetched by `node(id)` the way Relay
// refetches a fragment, ids unique across types and versions, `nodes(ids)` in order, and a
// change event that carries the level as saved (graphql-sse, a real client).
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ HISTORY_LIMIT: '3' });
});

afterAll(async () => {
  await server.stop();
});

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

const SAVE = `mutation Save($id: ID!, $rows: [String!]!) {
  loadLevel(id: $id, rows: $rows) { __typename ... on Level { id version } } }`;

// What each object type answers, as a fragment a component would declare.
const LEVEL_FIELDS = 'id levelId version rows steps render name';
const VERSION_FIELDS = 'id levelId version savedAt revertedFrom name tags';

/** Relay's refetch query for a fragment on Node: the object again, by its id alone. */
const REFETCH = `query Refetch($id: ID!) { node(id: $id) { __typename
  ... on Level { ${LEVEL_FIELDS} } ... on LevelVersion { ${VERSION_FIELDS} } } }`;

type Fields = Record<string, unknown>;

describe('node(id): refetching every object that has an id', () => {
  const objects: Array<{ what: string; typename: string; fields: Fields }> = [];

  beforeAll(async () => {
    await gql(SAVE, { id: 'intro', rows: ['S.#', '...', '#.E'] });
    await gql(SAVE, { id: 'intro', rows: ['S..', '...', '..E'] });
    // A level whose own id looks like "<id>@<version>": still its own object.
    await gql(SAVE, { id: 'intro@1', rows: ['SE'] });
    const read = (await gql(`{
      current: level(id: "intro") { ${LEVEL_FIELDS} history { edges { node { ${VERSION_FIELDS} } } } }
      first: level(id: "intro", version: 1) { ${LEVEL_FIELDS} }
      latest: level(id: "intro", version: 2) { ${LEVEL_FIELDS} }
      lookalike: level(id: "intro@1") { ${LEVEL_FIELDS} } }`)) as Record<string, Fields>;
    const { history, ...current } = read.current as Fields & {
      history: { edges: Array<{ node: Fields }> };
    };
    objects.push(
      { what: 'the current level', typename: 'Level', fields: current },
      { what: 'a level at an old version', typename: 'Level', fields: read.first },
      { what: 'a level at its current version', typename: 'Level', fields: read.latest },
      { what: 'a level named like a version', typename: 'Level', fields: read.lookalike },
      ...history.edges.map(({ node }) => ({
        what: `history entry ${String(node.version)}`,
        typename: 'LevelVersion',
        fields: node,
      })),
    );
  });

  it('hands out ids unique across types and versions', () => {
    expect(objects).toHaveLength(6);
    const ids = objects.map(({ fields }) => fields.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The current level keeps its own id; the others are opaque and of their own.
    expect(objects[0].fields.id).toBe('intro');
    expect(objects[3].fields.id).toBe('intro@1');
  });

  it('answers each object again by its id, as a refetch of its fragment', async () => {
    for (const { what, typename, fields } of objects) {
      const { node } = await gql(REFETCH, { id: fields.id });
      expect(node, what).toEqual({ __typename: typename, ...fields });
    }
  });

  it('answers many at once with nodes(ids), in order, null for an id it never handed out', async () => {
    const ids = objects.map(({ fields }) => fields.id);
    const { nodes } = (await gql(
      `query Many($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`,
      { ids: [...ids, 'nobody', '\u0000Level:intro@0', '\u0000LevelVersion:intro@9'] },
    )) as { nodes: Array<Fields | null> };
    expect(nodes).toEqual([
      ...objects.map(({ typename, fields }) => ({ __typename: typename, id: fields.id })),
      null,
      null,
      null,
    ]);
  });

  it('keeps answering versions after a delete; the current level is gone', async () => {
    await gql(SAVE, { id: 'gone', rows: ['SE'] });
    const { level } = (await gql(
      '{ level(id: "gone", version: 1) { id } current: level(id: "gone") { id history { edges { node { id } } } } }',
    )) as { level: Fields; current: { history: { edges: Array<{ node: Fields }> } } };
    await gql('mutation { deleteLevel(id: "gone") }');
    const { nodes } = await gql('query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: ['gone', level.id],
    });
    expect(nodes).toEqual([null, { id: level.id }]);
  });
});

describe('LevelChange.level', () => {
  it('carries the level as saved, so a client cache needs no refetch', async () => {
    const client = createClient({ url: server.url });
    const events: Array<Record<string, unknown>> = [];
    const iterator = client.iterate<Record<string, unknown>>({
      query: 'subscription { levelChanged(id: "live") { kind version level { id version rows } } }',
    });
    const reading = (async () => {
      for await (const event of iterator) events.push(event.data!);
    })();
    try {
      // The stream is open once a save made after it reaches it.
      for (let tries = 0; events.length === 0; tries++) {
        if (tries > 100) throw new Error('the subscription did not open');
        await gql(SAVE, { id: 'live', rows: [tries % 2 ? 'S.E' : 'SE'] });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seen = events.length;
      const heard = async (count: number) => {
        for (let tries = 0; events.length < count; tries++) {
          if (tries > 500) throw new Error('no event');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const saved = (await gql(SAVE, { id: 'live', rows: ['S..E'] })) as {
        loadLevel: { version: number };
      };
      // Heard before the delete: the level it carries is read when the event is sent.
      await heard(seen + 1);
      await gql('mutation { deleteLevel(id: "live") }');
      await heard(seen + 2);
      const { version } = saved.loadLevel;
      expect(events.slice(seen)).toEqual([
        {
          levelChanged: {
            kind: 'SAVED',
            version,
            level: { id: 'live', version, rows: ['S..E'] },
          },
        },
        { levelChanged: { kind: 'DELETED', version, level: null } },
      ]);
    } finally {
      await iterator.return?.();
      await reading;
      client.dispose();
    }
  });
});
