// docs/deploy.md's limits table names every variable of src/config.ts that sets a limit (a
// maximum, a timeout, a size), and only variables the server reads; and every fixed limit in
// src/ (a constant named like one) has its row there, or its place in another doc (the CLI's in
// docs/cli.md), or a reason why no client meets it, the row or doc showing its value.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from '../../src/config.js';

const root = join(import.meta.dirname, '../..');

/** The variables of config.ts's one table (it makes the zod schema). */
function configVariables(): string[] {
  return VARIABLES.map(({ env }) => env);
}

/** The rows of the first table under `## Limits` in docs/deploy.md, as cells. */
function limitsTableRows(): string[][] {
  const docs = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
  const section = docs.split(/^## /m).find((part) => part.startsWith('Limits\n'));
  if (section === undefined) throw new Error('docs/deploy.md has no "## Limits"');
  const lines = section.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  // The first table of the section only (the figures below it are another).
  const rows = lines.slice(first, end < 0 ? undefined : end).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
  expect(rows[0]).toEqual(['limit', 'default', 'variable', 'past it']);
  return rows.slice(2);
}

/** The variable column of the limits table. */
function limitsTableVariables(): string[] {
  return limitsTableRows().flatMap((cells) =>
    [...cells[2].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]),
  );
}

describe("docs/deploy.md's limits table", () => {
  const variables = configVariables();
  const listed = limitsTableVariables();

  it('has every variable that sets a limit', () => {
    const limits = variables.filter((name) =>
      /^MAX_|_MAX$|_LIMIT$|_TIMEOUT_MS$|_BYTES$|^SOLVER_THREADS$/.test(name),
    );
    expect(limits.length).toBeGreaterThanOrEqual(10);
    expect(limits.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('names only variables the server reads', () => {
    expect(listed.filter((name) => !variables.includes(name))).toEqual([]);
  });
});

/** A constant of src/ whose name says it is a limit (or a `max…` member of an object). */
const LIMIT_NAME = /MAX|LIMIT|TIMEOUT|BYTES|LENGTH/;

/** A number as source writes it: digits, `_` and arithmetic (`64 * 1024`, `1 << 21`). */
const NUMBER_EXPRESSION = /^[0-9][0-9_ ()*+<-]*$/;

interface Fixed {
  /** `file.ts NAME` or `file.ts NAME.member`, the file under src/. */
  readonly key: string;
  readonly value: number;
}

/**
 * The fixed limits of src/: top-level constants named like a limit whose value is a number,
 * and the numeric members of top-level objects, those named `max…` in any object and all of
 * an object named like a limit (`LABEL_LIMITS`). A constant made of others (`MAX_SIDE *
 * MAX_SIDE`) is not one: the others are.
 */
function fixedLimits(): Fixed[] {
  const found: Fixed[] = [];
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => name.endsWith('.ts')).sort()) {
    const text = readFileSync(join(root, 'src', file), 'utf8');
    const declaration = /^(?:export )?const ([A-Z][A-Z0-9_]*)(?:: [\w<>, ]+)? = (.*)$/gm;
    for (const match of text.matchAll(declaration)) {
      const [whole, name, value] = match;
      if (!value.startsWith('{')) {
        const number = value.replace(/;$/, '').trim();
        if (LIMIT_NAME.test(name) && NUMBER_EXPRESSION.test(number))
          found.push({ key: `${file} ${name}`, value: evaluate(number) });
        continue;
      }
      // An object literal: on its line, or on the lines to the closing brace that starts a
      // line; comments left out.
      const start = match.index + whole.length;
      const body = (value === '{' ? text.slice(start, text.indexOf('\n}', start)) : value)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      for (const [, member, number] of body.matchAll(/\b([a-z]\w*): ([0-9][0-9_ *<]*)[,\n}]/g)) {
        if (LIMIT_NAME.test(name) || member.startsWith('max'))
          found.push({ key: `${file} ${name}.${member}`, value: evaluate(number) });
      }
    }
  }
  return found;
}

function evaluate(expression: string): number {
  if (!NUMBER_EXPRESSION.test(expression.trim())) throw new Error(`not a number: ${expression}`);
  return Number(new Function(`return ${expression.replaceAll('_', '')};`)());
}

const PAGE = 'page (`levels(first:)`, `levelsById(ids:)`; `history`)';

/**
 * Where each fixed limit is told: `row`, the first cell of its row (or rows) of the limits
 * table; `doc`, another doc that says it; `not`, why it is no limit a client meets. A new
 * constant named like a limit fails the test until it is placed here.
 */
const PLACES: Record<string, { row: string | string[] } | { doc: string } | { not: string }> = {
  'config.ts DEFAULT_HTTP_HEADERS_TIMEOUT_MS': { row: 'request headers, to arrive' },
  'config.ts DEFAULT_HTTP_REQUEST_TIMEOUT_MS': { row: 'whole request, body included, to arrive' },
  'server/graceful-close.ts SHUTDOWN_TIMEOUT_MS': { row: 'requests in flight at SIGTERM' },
  'cli/command.ts EXCERPT_LENGTH': { doc: 'docs/cli.md' },
  'cli/command.ts MAX_INPUT_BYTES': { doc: 'docs/cli.md' },
  'cli/crusade.ts MAX_LINE_BYTES': { doc: 'docs/cli.md' },
  'graphql/http/plugins/use-persisted-documents.ts APQ_MAX_DOCUMENTS': { doc: 'docs/graphql.md' },
  'graphql/http/plugins/use-persisted-documents.ts APQ_MAX_BYTES': { doc: 'docs/graphql.md' },
  'graphql/http/plugins/use-response-cache.ts RESPONSE_CACHE_MAX_ENTRIES': {
    row: 'the response cache',
  },
  'graphql/http/plugins/use-response-cache.ts DEFAULT_RESPONSE_CACHE_MAX_BYTES': {
    row: 'the response cache',
  },
  'graphql/http/plugins/use-response-cache.ts RESPONSE_MAX_AGE_S': {
    row: 'how long a GET answer of stored versions may be kept',
  },
  'graphql/http/logger.ts MAX_MESSAGE': { row: "the store's message in a store fault's log line" },
  'graphql/http/stream-socket.ts STREAM_UNSENT_BYTES': {
    row: "bytes a stream's socket keeps unsent in the kernel",
  },
  'graphql/http/stream-socket.ts NODE_WRITE_BUFFER_BYTES': {
    row: "bytes a stream's socket keeps unsent in the kernel",
  },
  'graphql/schema/types/history.ts HISTORY_PAGE.max': { row: PAGE },
  'graphql/schema/types/level.ts PAGE_SIZE.max': { row: PAGE },
  'graphql/http/yoga.ts LIMITS.maxRequestBodyBytes': { row: 'request body' },
  'graphql/http/yoga.ts LIMITS.maxNesting': {
    row: 'brackets open at once (the document; a JSON body too)',
  },
  'graphql/http/yoga.ts LIMITS.maxDepth': { row: 'selection depth' },
  'graphql/http/yoga.ts LIMITS.maxIntrospectionDepth': { row: 'selection depth' },
  'graphql/http/yoga.ts LIMITS.maxAliases': { row: 'aliases' },
  'graphql/http/yoga.ts LIMITS.maxCost': { row: 'static cost' },
  'graphql/http/yoga.ts LIMITS.maxTokens': { row: 'tokens' },
  'graphql/http/yoga.ts LIMITS.maxDirectives': { row: 'directives' },
  'graphql/http/yoga.ts DEFAULT_BUDGET.maxSolveCost': { row: 'solve cost' },
  'graphql/http/yoga.ts DEFAULT_BUDGET.maxResponseBytes': { row: 'response bytes' },
  'graphql/http/yoga.ts DEFAULT_REQUEST_TIMEOUT_MS': { row: "a query's or mutation's deadline" },
  'graphql/http/plugins/use-body-limit.ts DRAIN_BYTES': { row: 'request body' },
  'graphql/http/plugins/use-subscription-limits.ts MAX_SUBSCRIPTION_REQUEST_BYTES': {
    row: "a subscription's request (all that it holds)",
  },
  'service/answer-cache.ts DEFAULT_MEMO_MAX_LEVELS': { row: 'the memo of answers' },
  'service/answer-cache.ts DEFAULT_MEMO_MAX_BYTES': { row: 'the memo of answers' },
  'service/client-subscriptions.ts DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT': {
    row: 'open streams of one client (remote address)',
  },
  'service/crusade.ts DEFAULT_MAX_CRUSADE_COST': { row: 'crusade cost (`crusadePlan`)' },
  'service/events.ts MAX_QUEUED_CHANGES': {
    row: 'changes queued for a subscriber, not yet handed over',
  },
  'service/level-ids.ts MAX_ID_LENGTH': { row: 'level id' },
  'service/level-labels.ts LABEL_LIMITS.nameLength': { row: 'name; tags' },
  'service/level-labels.ts LABEL_LIMITS.tagsPerLevel': { row: 'name; tags' },
  'service/level-labels.ts LABEL_LIMITS.tagLength': { row: 'name; tags' },
  'service/level-labels.ts LABEL_LIMITS.searchLength': { row: 'search text' },
  'service/level-labels.ts GRAM_LENGTH': { not: 'the size of the search index entries' },
  'service/level-labels.ts MAX_SEARCH_GRAMS': { not: 'index lookups of one search, its own' },
  'service/level-service.ts DEFAULT_MAX_SUBSCRIPTIONS': { row: 'open streams of an instance' },
  'service/level-service.ts DEFAULT_HISTORY_LIMIT': { row: "versions in a level's history" },
  'service/metrics.ts CLIENT_LABELS.maxLength': {
    row: ['operation names in `/metrics`', 'operation name in the request log'],
  },
  'service/metrics.ts CLIENT_LABELS.maxDistinct': { row: 'operation names in `/metrics`' },
  'service/storage/postgres.ts CONNECT_TIMEOUT_MS': {
    row: 'PostgreSQL connections of an instance',
  },
  'service/storage/postgres-defaults.ts DEFAULT_PG_POOL_MAX': {
    row: 'PostgreSQL connections of an instance',
  },
  'service/storage/sqlite.ts BUSY_TIMEOUT_MS': { row: 'SQLite locked by another writer' },
  'service/storage/sqlite.ts MIN_FREE_BYTES': { row: 'free space beside the SQLite database' },
  'engine/crusade/branch-search.ts MAX_ACTIONS': { not: "the planner's own search" },
  'engine/crusade/level-file.ts MAX_SIDE': { row: 'rotating-rooms level (`crusadePlan`)' },
  'engine/crusade/level-file.ts MAX_ROCKS': { row: 'rotating-rooms level (`crusadePlan`)' },
  'engine/crusade/safety.ts MAX_TYPES': { not: "the planner's own search" },
  'engine/generation/carving-steps.ts MAX_STEP': { not: "the generator's own counter" },
  'engine/generation/options.ts GENERATION_LIMITS.minSize': { doc: 'docs/generation.md' },
  'engine/generation/options.ts GENERATION_LIMITS.maxSize': { row: 'generated maze' },
  'engine/generation/options.ts GENERATION_LIMITS.maxSeed': { doc: 'docs/generation.md' },
  'engine/generation/options.ts GENERATION_LIMITS.maxKeys': { row: 'generated maze' },
  'engine/generation/options.ts GENERATION_LIMITS.maxGates': { row: 'generated maze' },
  'engine/generation/prng.ts MAX_BOUND': { not: "the random numbers' own range" },
  'engine/level/parse.ts DEFAULT_LEVEL_LIMITS.maxRows': { row: 'level size' },
  'engine/level/parse.ts DEFAULT_LEVEL_LIMITS.maxCols': { row: 'level size' },
  'engine/search/reach-layers.ts LIMIT': { row: '`shortestWalks` count' },
  'engine/search/walk.ts MAX_WALK_MOVES': { row: '`walkLevel` moves' },
  'engine/level/drawing.ts MAX_EDIT_CELLS': { row: 'cells of one edit (`editLevel`)' },
  'engine/level/drawing.ts MAX_EDIT_RUNS': { row: 'cells of one edit (`editLevel`)' },
  'service/shared-drawings.ts MAX_NAME_LENGTH': { row: "a collaborator's name" },
  'service/presence.ts PRESENCE_TIMEOUT_MS': { row: 'a session unheard, before it has left' },
  'service/presence.ts MAX_COLLABORATORS': { row: 'collaborators an instance remembers' },
  'service/drawing-stream.ts MAX_REPLAY': { row: 'edits replayed to a stream' },
  'service/drawing-stream.ts MAX_QUEUED_EVENTS': {
    row: 'events queued for a stream that does not read',
  },
  'service/storage/drawing-queries.ts MAX_NOTIFY_BYTES': {
    row: 'an edit told in a PostgreSQL `NOTIFY`',
  },
  'engine/search/workspace.ts RETAIN_LIMIT': { not: 'scratch arrays kept between searches' },
};

/** The ways a doc may write `value`: 65536, 65,536, 64 KiB; 30 s for a `…_MS`. */
function writings(key: string, value: number): RegExp {
  const forms = [String(value), value.toLocaleString('en-US')];
  if (value % 1024 ** 2 === 0) forms.push(`${value / 1024 ** 2} MiB`);
  else if (value % 1024 === 0) forms.push(`${value / 1024} KiB`);
  if (key.endsWith('_MS') && value % 1000 === 0) forms.push(`${value / 1000} s`);
  const escaped = forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\d.,])(${escaped.join('|')})(?![\\d]|[.,]\\d)`);
}

describe('the fixed limits of src/', () => {
  const found = fixedLimits();
  const rows = limitsTableRows();

  it('are found (the scan still reads the source)', () => {
    expect(found.length).toBeGreaterThanOrEqual(40);
    expect(found).toContainEqual({ key: 'graphql/http/logger.ts MAX_MESSAGE', value: 200 });
    expect(found).toContainEqual({ key: 'cli/command.ts MAX_INPUT_BYTES', value: 64 * 1024 ** 2 });
  });

  it('each has its place: a row of the limits table, another doc, or a reason', () => {
    expect(found.map(({ key }) => key).filter((key) => !(key in PLACES))).toEqual([]);
    expect(Object.keys(PLACES).filter((key) => !found.some((limit) => limit.key === key))).toEqual(
      [],
    );
  });

  it('each row or doc shows the value the source has', () => {
    const wrong: string[] = [];
    for (const { key, value } of found) {
      const place = PLACES[key];
      if (place === undefined || 'not' in place) continue;
      const texts: Array<[where: string, text: string]> =
        'doc' in place
          ? [[place.doc, readFileSync(join(root, place.doc), 'utf8')]]
          : [place.row].flat().map((label) => {
              const row = rows.find((cells) => cells[0] === label);
              return [`the row "${label}"`, row?.join(' | ') ?? ''];
            });
      for (const [where, text] of texts) {
        if (!writings(key, value).test(text)) wrong.push(`${key} = ${value}: not in ${where}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
