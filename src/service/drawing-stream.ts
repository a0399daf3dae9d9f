// One stream of a shared drawing (editing together): the events it has not been handed yet,
// in seq order. Edits it was not told of (a message lost, or too long to carry its change) are
// read from the store; a stream too far behind, or one that stopped reading, is handed the
// whole drawing instead of what it missed.
import type { CellRun } from '../engine/level/drawing.js';
import type { StoredDrawing, StoredEdit } from './drawings.js';
import type { LevelStore } from './level-store.js';
import type { Collaborator } from './collaborator.js';

/** What a stream of a drawing hears. */
export type DrawingEvent =
  | {
      readonly kind: 'edited';
      readonly seq: number;
      readonly session: string;
      readonly edit: number;
      readonly cells: readonly CellRun[];
    }
  | {
      readonly kind: 'replaced';
      readonly seq: number;
      readonly session: string | null;
      readonly edit: number | null;
      readonly rows: readonly string[];
    }
  | { readonly kind: 'moved'; readonly collaborator: Collaborator }
  | { readonly kind: 'left'; readonly session: string };

/** A stream further behind than this is sent the whole drawing instead of the edits. */
export const MAX_REPLAY = 2_000;
/** Events kept for a stream that does not read; past them it is sent the whole drawing. */
export const MAX_QUEUED_EVENTS = 1_000;

/** In a queue: the whole drawing, read from the store when the stream reads it. */
const resync = Symbol('resync');

const finished: IteratorResult<DrawingEvent> = { value: undefined, done: true };

export class DrawingStream {
  /** The last seq put in the queue, and the last handed over. */
  private queued: number;
  private handed: number;
  private readonly queue: Array<DrawingEvent | typeof resync> = [];
  private reader: ((result: IteratorResult<DrawingEvent>) => void) | undefined;
  /** What reaches the stream, handled one at a time (some of it reads the store). */
  private work: Promise<void> = Promise.resolve();
  done = false;

  constructor(
    private readonly store: LevelStore,
    readonly id: string,
    after: number,
  ) {
    this.queued = after;
    this.handed = after;
  }

  next(): Promise<IteratorResult<DrawingEvent>> {
    if (this.done) return Promise.resolve(finished);
    const item = this.queue.shift();
    if (item === undefined) {
      return new Promise((resolve) => {
        this.reader = resolve;
      });
    }
    if (item === resync) {
      return Promise.resolve(this.store.drawing(this.id)).then((drawing) => {
        if (!drawing) return this.next();
        this.handed = Math.max(this.handed, drawing.seq);
        this.queued = Math.max(this.queued, drawing.seq);
        return { value: replacedBy(drawing), done: false };
      });
    }
    if ('seq' in item) {
      // Handed already (the whole drawing went further): the next one.
      if (item.seq <= this.handed) return this.next();
      this.handed = item.seq;
    }
    return Promise.resolve({ value: item, done: false });
  }

  /** Presence, which needs no order. */
  tell(event: DrawingEvent): void {
    this.push(event);
  }

  /**
   * Queues the edits after those the stream has, up to `upTo` (`told`: the one a message
   * carried), read from the store when they were not told; `first`: the stream's start,
   * which checks its `after` too.
   */
  catchUp(upTo: number, told?: StoredEdit, first = false): void {
    this.work = this.work
      .then(async () => {
        if (this.done || upTo <= this.queued) return;
        if (told && told.seq === this.queued + 1) return this.queueEdit(told);
        if (first && this.queued > 0) {
          // A seq this drawing never had (another server's, or from before a restore).
          const drawing = await this.store.drawing(this.id);
          if (!drawing || drawing.seq < this.queued) return this.push(resync);
        }
        const wanted = Math.min(upTo - this.queued, MAX_REPLAY + 1);
        const edits = await this.store.editsAfter(this.id, this.queued, wanted);
        if (this.done) return;
        if (edits === 'gone' || edits.length > MAX_REPLAY) return this.push(resync);
        for (const edit of edits) this.queueEdit(edit);
      })
      .catch(() => {
        // The store failed: the whole drawing is read again when the stream is read.
        this.push(resync);
      });
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.queue.length = 0;
    const reader = this.reader;
    this.reader = undefined;
    reader?.(finished);
  }

  private queueEdit(edit: StoredEdit): void {
    if (edit.seq <= this.queued) return;
    this.queued = edit.seq;
    this.push(eventOf(edit));
  }

  private push(event: DrawingEvent | typeof resync): void {
    if (this.done) return;
    // A stream this far behind is sent the whole drawing when it reads again.
    if (this.queue.length >= MAX_QUEUED_EVENTS) this.queue.splice(0, this.queue.length, resync);
    else this.queue.push(event);
    const reader = this.reader;
    if (reader) {
      this.reader = undefined;
      void this.next().then(reader);
    }
  }
}

function eventOf(edit: StoredEdit): DrawingEvent {
  const { seq, session, edit: number, change } = edit;
  if (change.rows !== undefined) {
    return { kind: 'replaced', seq, session, edit: number, rows: change.rows };
  }
  // Only the server sends edits without a session, and only whole rows.
  return { kind: 'edited', seq, session: session ?? '', edit: number ?? 0, cells: change.cells };
}

const replacedBy = (drawing: StoredDrawing): DrawingEvent => ({
  kind: 'replaced',
  seq: drawing.seq,
  session: null,
  edit: null,
  rows: drawing.rows,
});
