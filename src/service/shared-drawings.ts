// Editing a level together (docs/graphql.md, "Editing together"): joining a level's shared
// drawing, its edits and their checks, and the streams of edits and presence. The store orders
// and keeps the edits (drawings.ts); the channel (drawing-channel.ts) tells every instance of
// each edit, and each instance hands them to its streams in seq order (drawing-stream.ts).
import { type CellRun, type DrawingChange, checkChange } from '../engine/level/drawing.js';
import type { Position } from '../engine/level/level.js';
import type { LevelLimits } from '../engine/level/parse.js';
import { type Failure, type Result, fail, ok } from '../engine/result.js';
import type { DrawingChannel, DrawingMessage } from './drawing-channel.js';
import { type DrawingEvent, DrawingStream } from './drawing-stream.js';
import { type StoredDrawing, type StoredEdit, sameRows } from './drawings.js';
import { INVALID_ID_MESSAGE, isStorableId } from './level-ids.js';
import type { LevelStore, StoredLevel } from './level-store.js';
import { type MaybePromise, andThen, isPromise } from './maybe-promise.js';
import type { CellBox, Collaborator } from './collaborator.js';
import { Presence } from './presence.js';
import { TokenBuckets } from './token-buckets.js';

export const EDIT_ERROR_CODES = [
  'INVALID_ID',
  'INVALID_SESSION',
  'UNKNOWN_LEVEL',
  'OUTSIDE_LEVEL',
  'UNKNOWN_GLYPH',
  'EDIT_TOO_LARGE',
  'LEVEL_TOO_LARGE',
  'INVALID_EDIT',
] as const;
export type EditErrorCode = (typeof EDIT_ERROR_CODES)[number];
export type EditFailure = Failure<EditErrorCode>;

/** A drawing as its editors are told it: with the saved version it is compared with. */
export interface DrawingView extends StoredDrawing {
  readonly savedVersion: number | null;
  readonly unsaved: boolean;
}

export interface JoinedSession {
  readonly session: string;
  readonly name: string;
  readonly colour: string;
  readonly drawing: DrawingView;
  readonly collaborators: readonly Collaborator[];
}

/** Edits one client (remote address) may send a second, and at once. */
export const EDITS_PER_SECOND = 100;
export const EDIT_BURST = 200;
/** Pointer moves one session may send a second (more are dropped). */
export const MOVES_PER_SECOND = 60;
/** The longest name shown for a collaborator. */
export const MAX_NAME_LENGTH = 40;

const SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** A client sent more edits than it may (EDITS_PER_SECOND): HTTP 429, try again in a second. */
export class TooManyEditsError extends Error {
  override name = 'TooManyEditsError';
}

export interface SharedDrawingsOptions {
  readonly limits: LevelLimits;
  /** The current saved level (through the service's memo). */
  readonly level: (id: string) => MaybePromise<StoredLevel | undefined>;
  readonly now?: () => number;
  /** Throws when `client` may open no stream now (the server's subscription limits). */
  readonly admit?: (client: string | undefined) => void;
  /** Counts a stream of `client` while it lasts. */
  readonly count?: (
    client: string | undefined,
    stream: AsyncIterableIterator<DrawingEvent>,
    signal?: AbortSignal,
  ) => AsyncIterableIterator<DrawingEvent>;
}

export class SharedDrawings {
  /** This instance's streams, by level. */
  private readonly streamsOf = new Map<string, Set<DrawingStream>>();
  private readonly edits = new TokenBuckets(EDITS_PER_SECOND, EDIT_BURST);
  private readonly moves = new TokenBuckets(MOVES_PER_SECOND, MOVES_PER_SECOND);
  private readonly now: () => number;
  private readonly presence: Presence;
  private readonly stopListening: () => void;

  constructor(
    private readonly store: LevelStore,
    private readonly channel: DrawingChannel,
    private readonly options: SharedDrawingsOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.presence = new Presence(channel, this.now, (id, event) => {
      for (const stream of this.streamsOf.get(id) ?? []) stream.tell(event);
    });
    this.stopListening = channel.listen((message) => this.heard(message));
  }

  /** Streams open now (they count with the server's subscriptions). */
  get streams(): number {
    let open = 0;
    for (const streams of this.streamsOf.values()) open += streams.size;
    return open;
  }

  join(
    id: string,
    session: string,
    name?: string | null,
  ): MaybePromise<Result<JoinedSession, EditFailure>> {
    const refused = checkIds(id, session);
    if (refused) return refused;
    const shown = (name ?? '').trim() || 'Guest';
    if (shown.length > MAX_NAME_LENGTH) {
      return fail('INVALID_EDIT', `a name has at most ${MAX_NAME_LENGTH} characters`);
    }
    return andThen(this.drawingOf(id), (drawing) => {
      if (drawing === undefined) return fail('UNKNOWN_LEVEL', `there is no level '${id}'`);
      const { colour } = this.presence.arrive(id, session, shown);
      return andThen(this.view(drawing), (view) =>
        ok({
          session,
          name: shown,
          colour,
          drawing: view,
          collaborators: this.presence.here(id).filter((other) => other.session !== session),
        }),
      );
    });
  }

  /**
   * Appends an edit (a client's `edit` number: a resend answers the first one's seq). Refused
   * with TooManyEditsError past EDITS_PER_SECOND of `client`.
   */
  edit(
    id: string,
    session: string,
    edit: number,
    change: { cells?: readonly CellRun[] | null; rows?: readonly string[] | null },
    client?: string,
  ): MaybePromise<Result<{ seq: number }, EditFailure>> {
    const refused = checkIds(id, session);
    if (refused) return refused;
    if (!Number.isInteger(edit) || edit < 1 || edit > 2 ** 31 - 1) {
      return fail('INVALID_EDIT', 'an edit number is a whole number from 1 to 2147483647');
    }
    const cells = change.cells ?? undefined;
    const rows = change.rows ?? undefined;
    if ((cells === undefined) === (rows === undefined)) {
      return fail('INVALID_EDIT', 'an edit has either cells or rows');
    }
    if (client !== undefined && !this.edits.take(client, this.now())) {
      throw new TooManyEditsError(
        `this client sent more than ${EDITS_PER_SECOND} edits a second: try again in a second`,
      );
    }
    const checked = checkChange(cells ? { cells } : { rows: rows! }, this.options.limits);
    if (!checked.ok) return checked;
    this.presence.heardFrom(id, session);
    return this.append(id, session, edit, checked.value, true);
  }

  private append(
    id: string,
    session: string,
    edit: number,
    change: DrawingChange,
    firstTry: boolean,
  ): MaybePromise<Result<{ seq: number }, EditFailure>> {
    return andThen(this.store.appendEdit(id, session, edit, change), (outcome) => {
      switch (outcome.kind) {
        case 'appended':
          this.channel.publishEdit({ type: 'edit', id, ...outcome.edit });
          return ok({ seq: outcome.edit.seq });
        case 'repeated':
          return ok({ seq: outcome.seq });
        case 'outside':
          return fail(outcome.error.code, outcome.error.message);
        case 'missing':
          // The first edit of a level no one has joined: its drawing is made first.
          if (!firstTry) return fail('UNKNOWN_LEVEL', `there is no level '${id}'`);
          return andThen(this.drawingOf(id), (drawing) =>
            drawing === undefined
              ? fail('UNKNOWN_LEVEL', `there is no level '${id}'`)
              : this.append(id, session, edit, change, false),
          );
      }
    });
  }

  /** Where a session points and what it selects; false when dropped (too many, not joined). */
  move(id: string, session: string, pointer: Position | null, selection: CellBox | null): boolean {
    if (checkIds(id, session) || !this.presence.has(id, session)) return false;
    if (!this.moves.take(session, this.now())) return false;
    return this.presence.move(id, session, pointer, selection);
  }

  leave(id: string, session: string): boolean {
    if (checkIds(id, session)) return false;
    return this.presence.leave(id, session);
  }

  /**
   * After a save of `level`: the drawing follows it when it had nothing unsaved. The save
   * stands when this fails (the drawing then keeps its rows).
   */
  followSave(level: StoredLevel): MaybePromise<void> {
    const tell = (edit: StoredEdit | undefined) => {
      if (edit) this.channel.publishEdit({ type: 'edit', id: level.id, ...edit });
    };
    try {
      const followed = this.store.followSave(level.id, level.rows, level.version);
      return isPromise(followed) ? followed.then(tell, () => undefined) : tell(followed);
    } catch {
      return undefined;
    }
  }

  /**
   * The edits of `id` after seq `after`, then live, and who comes and goes (everyone here now
   * first); with `session`, that session is here while the stream is open. `client`: whose
   * stream it is, for the limits of `admit`.
   */
  subscribe(
    id: string,
    after: number,
    session: string | null,
    signal?: AbortSignal,
    client?: string,
  ): Result<AsyncIterableIterator<DrawingEvent>, EditFailure> {
    if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    if (session !== null && !SESSION_PATTERN.test(session)) return sessionRefused();
    if (!Number.isInteger(after) || after < 0) {
      return fail('INVALID_EDIT', '`after` is a seq: a whole number from 0');
    }
    // Refused (TooManySubscriptionsError) before anything is held.
    this.options.admit?.(client);
    // A session that streams is here, as "Guest" when it has not joined.
    if (session !== null && !this.presence.has(id, session)) {
      this.presence.arrive(id, session, 'Guest');
    }
    const stream = new DrawingStream(this.store, id, after);
    let streams = this.streamsOf.get(id);
    if (!streams) this.streamsOf.set(id, (streams = new Set()));
    streams.add(stream);
    for (const collaborator of this.presence.here(id)) {
      if (collaborator.session !== session) stream.tell({ kind: 'moved', collaborator });
    }
    if (session !== null) this.presence.streamOpened(id, session);
    stream.catchUp(Number.MAX_SAFE_INTEGER, undefined, true);
    const finish = (): void => {
      if (stream.done) return;
      stream.end();
      streams.delete(stream);
      if (streams.size === 0) this.streamsOf.delete(id);
      if (session !== null) this.presence.streamEnded(id, session);
    };
    if (signal?.aborted) finish();
    else signal?.addEventListener('abort', finish, { once: true });
    const iterator: AsyncIterableIterator<DrawingEvent> = {
      next: () => stream.next(),
      return: async () => {
        finish();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return ok(this.options.count ? this.options.count(client, iterator, signal) : iterator);
  }

  /** What the channel brings: edits (of any instance), presence of the other instances. */
  private heard(message: DrawingMessage): void {
    switch (message.type) {
      case 'missed':
        for (const streams of this.streamsOf.values()) {
          for (const stream of streams) stream.catchUp(Number.MAX_SAFE_INTEGER);
        }
        return;
      case 'edit': {
        const { id, seq, session, edit, change } = message;
        const told: StoredEdit | undefined =
          change === undefined ? undefined : { seq, session, edit, change };
        for (const stream of this.streamsOf.get(id) ?? []) stream.catchUp(seq, told);
        return;
      }
      case 'left':
        return this.presence.gone(message.id, message.session);
      case 'presence':
        return this.presence.heard(message.id, message.collaborator);
    }
  }

  /** Sessions unheard for a while leave (Presence.sweep; runs by itself every 5 s). */
  sweep(): void {
    this.presence.sweep();
  }

  /** The drawing of `id`, made from its saved version if there is none yet. */
  private drawingOf(id: string): MaybePromise<StoredDrawing | undefined> {
    return andThen(this.store.drawing(id), (drawing) =>
      drawing !== undefined
        ? drawing
        : andThen(this.options.level(id), (level) =>
            level === undefined ? undefined : this.store.makeDrawing(id, level.rows, level.version),
          ),
    );
  }

  private view(drawing: StoredDrawing): MaybePromise<DrawingView> {
    return andThen(this.options.level(drawing.id), (level) => ({
      ...drawing,
      savedVersion: level?.version ?? null,
      unsaved: level === undefined || !sameRows(level.rows, drawing.rows),
    }));
  }

  /** The drawing of `id` now, with its saved version (undefined: none made yet). */
  drawing(id: string): MaybePromise<DrawingView | undefined> {
    return andThen(this.store.drawing(id), (drawing) => drawing && this.view(drawing));
  }

  close(): void {
    this.stopListening();
    this.presence.close();
    for (const streams of this.streamsOf.values()) for (const stream of streams) stream.end();
    this.streamsOf.clear();
  }
}

function checkIds(id: string, session: string): { ok: false; error: EditFailure } | undefined {
  if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
  if (!SESSION_PATTERN.test(session)) return sessionRefused();
  return undefined;
}

const sessionRefused = () =>
  fail('INVALID_SESSION', 'a session id has 8 to 64 characters of A-Z, a-z, 0-9, _ and -');
