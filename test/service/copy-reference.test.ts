// copyLevel on random named and tagged levels, through the LevelService on every store, against
// a deliberately simple reference: a map of ids to their versions (docs/graphql.md, "Copies" and
// "Saving twice is not two versions"; SPEC §5.2). Each run is a random sequence of saves,
// copies (new target, existing target, with a right or a wrong expectedVersion or none,
// self-copies, missing and deleted sources, sources over the size limit, copies that change
// nothing) and deletes; after each step the answer, every level, the changes told and at the
// end every version kept must be the reference's.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDrawingChannel } from '../../src/service/drawing-channel.js';
import type { LevelEvents, LevelWrite } from '../../src/service/events.js';
import type { LevelFilter } from '../../src/service/level-labels.js';
import type { CopyResult } from '../../src/service/level-results.js';
import { LevelService } from '../../src/service/level-service.js';
import type { LevelStore, StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import type { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';
import { postgresUrl } from '../support/postgres-url.js';
import { randomLevel } from '../support/random-levels.js';

/** The service's size limit here: the random levels fit, the LARGE ones do not. */
const LIMITS = { maxRows: 4, maxCols: 4 };
/** Levels another server (with a larger limit) stored: too large for this one to copy. */
const LARGE = [['S....E'], ['S', '.', '.', '.', '.', 'E'], ['S....', '....E']];

const IDS = ['a', 'b', 'hall'] as const;
/** Names as a client gives them, as they are stored, and folded by hand (for the search). */
const NAMES = [
  { given: ' The Great Hall ', stored: 'The Great Hall', folded: 'the great hall' },
  { given: 'Straße', stored: 'Straße', folded: 'strasse' },
  { given: 'HALL', stored: 'HALL', folded: 'hall' },
  { given: '', stored: null, folded: null },
] as const;
/** Tags as a client gives them, and as they are stored (case-folded). */
const TAGS = [
  { given: 'Boss', stored: 'boss' },
  { given: 'BOSS', stored: 'boss' },
  { given: 'easy', stored: 'easy' },
  { given: 'Straße', stored: 'strasse' },
  { given: 'STRASSE', stored: 'strasse' },
] as const;
/** Filters as `levels(search:, tag:)` hands them to the service (folded), and the reference's. */
const FILTERS: ReadonlyArray<{ filter: LevelFilter; keeps: (level: Shown) => boolean }> = [
  { filter: {}, keeps: () => true },
  { filter: { search: 'hall' }, keeps: (l) => l.id.includes('hall') || folded(l).includes('hall') },
  { filter: { search: 'strasse' }, keeps: (l) => folded(l).includes('strasse') },
  { filter: { tag: 'boss' }, keeps: (l) => l.tags.includes('boss') },
  { filter: { tag: 'strasse' }, keeps: (l) => l.tags.includes('strasse') },
  {
    filter: { search: 'a', tag: 'easy' },
    keeps: (l) => (l.id.includes('a') || folded(l).includes('a')) && l.tags.includes('easy'),
  },
];

function folded(level: Shown): string {
  return NAMES.find((name) => name.stored === level.name)?.folded ?? '';
}

/** What a step does: ids and labels as indexes into the tables above. */
type Step =
  | {
      kind: 'load';
      id: string;
      rows: string[];
      name: number | undefined;
      tags: number[] | undefined;
    }
  | { kind: 'putLarge'; id: string; large: number; name: number; tags: number[] }
  | { kind: 'copy'; from: string; to: string; expect: Expectation; off: number }
  | { kind: 'delete'; id: string };

/** Which expectedVersion a copy gives: none, null, 0, the target's own, or another one. */
type Expectation = 'none' | 'null' | 'zero' | 'right' | 'wrong';

const id = fc.constantFrom(...IDS);
const tagIndexes = fc.uniqueArray(fc.nat(TAGS.length - 1), { maxLength: 3 });
const load = (which: fc.Arbitrary<string>): fc.Arbitrary<Step> =>
  fc.record({
    kind: fc.constant('load' as const),
    id: which,
    rows: randomLevel(LIMITS.maxRows),
    name: fc.option(fc.nat(NAMES.length - 1), { nil: undefined }),
    tags: fc.option(tagIndexes, { nil: undefined }),
  });
/** Two ids, mostly different ones (a copy onto itself is one answer only). */
const fromTo = fc.oneof(
  { weight: 6, arbitrary: fc.uniqueArray(id, { minLength: 2, maxLength: 2 }) },
  { weight: 1, arbitrary: id.map((one) => [one, one]) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: load(id) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('putLarge' as const),
      id,
      large: fc.nat(LARGE.length - 1),
      name: fc.nat(NAMES.length - 1),
      tags: tagIndexes,
    }),
  },
  {
    weight: 7,
    arbitrary: fc
      .record({
        kind: fc.constant('copy' as const),
        fromTo,
        expect: fc.constantFrom<Expectation>('none', 'null', 'zero', 'right', 'wrong'),
        off: fc.integer({ min: 1, max: 3 }),
      })
      .map(({ fromTo: [from, to], ...rest }) => ({ ...rest, from, to })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
);
/** A run: a level or two to copy from, then anything. */
const steps = fc
  .tuple(
    load(fc.constant('a')),
    fc.option(load(fc.constant('b')), { nil: undefined }),
    fc.array(step, { minLength: 1, maxLength: 40, size: 'medium' }),
  )
  .map(([first, second, rest]) => (second ? [first, second, ...rest] : [first, ...rest]));

/** A level as compared: what a store keeps, without its save time. */
interface Shown {
  id: string;
  version: number;
  rows: readonly string[];
  name: string | null;
  tags: readonly string[];
}

function shown(level: StoredLevel | undefined): Shown | undefined {
  if (level === undefined) return undefined;
  const { id, version, rows, name, tags } = level;
  return { id, version, rows: [...rows], name, tags: [...tags] };
}

/** What a step answered, as compared: the level, or the error's code (and current version). */
type Answer =
  { level: Shown } | { code: string; currentVersion?: number | null } | { deleted: boolean };

function copyAnswer(result: CopyResult): Answer {
  if (result.ok) return { level: shown(result.value)! };
  const { code } = result.error;
  return 'currentVersion' in result.error
    ? { code, currentVersion: result.error.currentVersion }
    : { code };
}

/**
 * The reference: every id's versions in a list, the last one current unless deleted. No
 * transactions, no index, no memo: what docs/graphql.md says, written out.
 */
class Reference {
  readonly versions = new Map<string, Shown[]>();
  readonly deleted = new Set<string>();
  readonly changes: LevelWrite[] = [];
  /** What kinds of copy were met (all must be, over the runs). */
  readonly met = new Set<string>();

  current(id: string): Shown | undefined {
    if (this.deleted.has(id)) return undefined;
    return this.versions.get(id)?.at(-1);
  }

  /** A save through the service, without expectedVersion: labels left out keep the current's. */
  load(
    id: string,
    rows: readonly string[],
    name?: string | null,
    tags?: readonly string[],
  ): Answer {
    const now = this.current(id);
    const { level, saved } = this.write(
      id,
      rows,
      name === undefined ? (now?.name ?? null) : name,
      tags === undefined ? (now?.tags ?? []) : [...new Set(tags)].sort(),
    );
    if (saved) this.changes.push({ id, version: level.version, kind: 'SAVED' });
    return { level };
  }

  /** A write by another server, straight into the store: this service tells no one. */
  put(id: string, rows: readonly string[], name: string | null, tags: readonly string[]): Answer {
    return { level: this.write(id, rows, name, tags).level };
  }

  copy(from: string, to: string, expectedVersion: number | null | undefined): Answer {
    if (from === to) return this.meet('self', { code: 'SAME_ID' });
    const source = this.current(from);
    if (source === undefined) {
      return this.meet(this.versions.has(from) ? 'deleted source' : 'missing source', {
        code: 'UNKNOWN_SOURCE',
      });
    }
    if (source.rows.length > LIMITS.maxRows || source.rows[0].length > LIMITS.maxCols) {
      return this.meet('large source', { code: 'LEVEL_TOO_LARGE' });
    }
    const target = this.current(to);
    if (expectedVersion != null && expectedVersion !== (target?.version ?? 0)) {
      return this.meet(`conflict ${target ? 'existing' : 'new'}`, {
        code: 'VERSION_CONFLICT',
        currentVersion: target?.version ?? null,
      });
    }
    const { level, saved } = this.write(to, source.rows, source.name, source.tags);
    const answer = { level };
    if (!saved) return this.meet('unchanged', answer);
    this.changes.push({ id: to, version: level.version, kind: 'SAVED' });
    if (target === undefined && this.versions.get(to)!.length > 1) {
      return this.meet('saved over deleted', answer);
    }
    const checked = expectedVersion == null ? 'unchecked' : 'checked';
    return this.meet(`saved over ${target ? 'existing' : 'new'} ${checked}`, answer);
  }

  delete(id: string): Answer {
    const now = this.current(id);
    if (now === undefined) return { deleted: false };
    this.deleted.add(id);
    this.changes.push({ id, version: now.version, kind: 'DELETED' });
    return { deleted: true };
  }

  /** The next version of `id`, or nothing when the current one has these rows and labels. */
  private write(
    id: string,
    rows: readonly string[],
    name: string | null,
    tags: readonly string[],
  ): { level: Shown; saved: boolean } {
    const now = this.current(id);
    const same = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');
    if (now && same(now.rows, rows) && now.name === name && same(now.tags, tags)) {
      return { level: now, saved: false };
    }
    const list = this.versions.get(id) ?? [];
    const level = { id, version: list.length + 1, rows: [...rows], name, tags: [...tags] };
    this.versions.set(id, [...list, level]);
    this.deleted.delete(id);
    return { level, saved: true };
  }

  private meet(kind: string, answer: Answer): Answer {
    this.met.add(kind);
    return answer;
  }
}

/** The changes the service tells, kept in order as they are published (nothing delivered). */
class RecordedEvents implements LevelEvents {
  readonly changes: LevelWrite[] = [];
  readonly subscribers = 0;
  readonly drawings = new LocalDrawingChannel();
  publish(change: LevelWrite): void {
    this.changes.push(change);
  }
  subscribe(): never {
    throw new Error('no subscriptions here');
  }
  close(): void {}
}

function expectationOf(step: Step & { kind: 'copy' }, ref: Reference): number | null | undefined {
  const current = ref.current(step.to)?.version ?? 0;
  switch (step.expect) {
    case 'none':
      return undefined;
    case 'null':
      return null;
    case 'zero':
      return 0;
    case 'right':
      return current;
    case 'wrong':
      // A stale version when there is one, else one the target never had.
      return current > step.off ? current - step.off : current + step.off;
  }
}

/** Runs `steps` on a service over `store` (empty) and on the reference, comparing as it goes. */
async function compare(store: LevelStore, steps: readonly Step[], ref: Reference): Promise<void> {
  const events = new RecordedEvents();
  const service = new LevelService(store, { limits: LIMITS, events });
  for (const [index, step] of steps.entries()) {
    const at = `step ${index}: ${JSON.stringify(step)}`;
    let answer: Answer;
    let expected: Answer;
    if (step.kind === 'load') {
      const name = step.name === undefined ? undefined : NAMES[step.name];
      const tags = step.tags?.map((i) => TAGS[i]);
      const loaded = await service.load(step.id, step.rows, {
        name: name?.given,
        tags: tags?.map((tag) => tag.given),
      });
      answer = loaded.ok ? { level: shown(loaded.value)! } : { code: loaded.error.code };
      expected = ref.load(
        step.id,
        step.rows,
        name?.stored,
        tags?.map((tag) => tag.stored),
      );
    } else if (step.kind === 'putLarge') {
      // Written by another server, whose size limit is larger: straight into the store.
      const name = NAMES[step.name].stored;
      const tags = [...new Set(step.tags.map((i) => TAGS[i].stored))].sort();
      const outcome = await store.save(step.id, LARGE[step.large], {
        historyLimit: 100,
        labels: { name, tags },
      });
      answer =
        outcome.kind === 'conflict' ? { code: 'conflict' } : { level: shown(outcome.level)! };
      expected = ref.put(step.id, LARGE[step.large], name, tags);
    } else if (step.kind === 'copy') {
      const expectedVersion = expectationOf(step, ref);
      answer = copyAnswer(await service.copy(step.from, step.to, { expectedVersion }));
      expected = ref.copy(step.from, step.to, expectedVersion);
    } else {
      answer = { deleted: await service.delete(step.id) };
      expected = ref.delete(step.id);
    }
    expect(answer, at).toEqual(expected);
    for (const each of IDS) expect(shown(await service.get(each)), at).toEqual(ref.current(each));
    expect(events.changes, at).toEqual(ref.changes);
  }
  // Every version kept, with its rows and labels; the search and tag filters over the copies.
  for (const each of IDS) {
    const versions = ref.versions.get(each) ?? [];
    const history = await service.history(each, null, 100);
    expect(
      history.map(({ version, name, tags, revertedFrom }) => ({
        version,
        name,
        tags,
        revertedFrom,
      })),
      each,
    ).toEqual(
      versions
        .map(({ version, name, tags }) => ({ version, name, tags, revertedFrom: null }))
        .reverse(),
    );
    for (const version of versions) {
      expect(shown(await service.getVersion(each, version.version))).toEqual(version);
    }
  }
  const current = IDS.flatMap((each) => ref.current(each) ?? []);
  for (const { filter, keeps } of FILTERS) {
    const listed = (await service.list(null, 10, filter)).map(shown);
    expect(listed, JSON.stringify(filter)).toEqual(current.filter(keeps));
  }
}

/** The copies every store must have met over its runs: each kind of answer of copyLevel. */
const MET = [
  'self',
  'missing source',
  'deleted source',
  'large source',
  'conflict existing',
  'conflict new',
  'unchanged',
  'saved over new checked',
  'saved over new unchecked',
  'saved over existing checked',
  'saved over existing unchecked',
  'saved over deleted',
];

/** The property, on stores from `empty` (each run gets one with no levels in it). */
function copiesLikeTheReference(empty: () => Promise<LevelStore>): void {
  it('copies like the reference: rows, name, tags, versions, errors and changes', async () => {
    const met = new Set<string>();
    await fc.assert(
      fc.asyncProperty(steps, async (run) => {
        const ref = new Reference();
        try {
          await compare(await empty(), run, ref);
        } finally {
          for (const kind of ref.met) met.add(kind);
        }
      }),
      { numRuns: 60 },
    );
    // Over 60 runs each kind comes about ten times or more: the runs reach every answer.
    expect([...met].sort()).toEqual([...MET].sort());
  }, 120_000);
}

/** Empties a SQL store: every table, so versions start again at 1. */
async function emptied(store: KyselyLevelStore): Promise<KyselyLevelStore> {
  for (const table of [
    'levels',
    'level_versions',
    'level_answers',
    'level_grams',
    'level_tags',
  ] as const) {
    await store.db.deleteFrom(table).execute();
  }
  return store;
}

describe('copyLevel against the reference: memory store', () => {
  copiesLikeTheReference(async () => new MemoryLevelStore());
});

describe('copyLevel against the reference: SQLite', () => {
  let dir: string;
  let store: KyselyLevelStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'labyrinth-copies-'));
    store = await openSqliteStore(join(dir, 'levels.sqlite'));
  });
  afterAll(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });
  copiesLikeTheReference(() => emptied(store));
});

describe('copyLevel against the reference: PostgreSQL', () => {
  // A schema of its own, so other suites never see these tables.
  const schema = `labyrinth_copies_${randomBytes(6).toString('hex')}`;
  let store: KyselyLevelStore;
  beforeAll(async () => {
    store = await openPostgresStore(postgresUrl(), { schema });
  });
  afterAll(async () => {
    await store?.db.schema.dropSchema(schema).cascade().execute();
    await store?.close();
  });
  copiesLikeTheReference(() => emptied(store));
});
