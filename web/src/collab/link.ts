// One level's shared drawing, as this page edits it: joins it, streams its edits and who is
// here, and sends this page's edits one at a time, in order (a later one never overtakes an
// earlier one), again and again while the server cannot be reached. Every edit not known to
// be stored is kept in the browser (localStorage) from the moment it is made, so a closed tab,
// a reload or a crash loses none: the next page that opens the level sends them.
import { ApiError } from '../api.js';
import { retryDelayMs } from '../backoff.js';
import type { LiveStream } from '../live-stream.js';
import { DrawingSync, type PendingEdit, type SyncHost, cellsOf, runsOf } from './sync.js';
import {
  type Box,
  type Collaborator,
  type EditEvent,
  type TogetherServer,
  worthRetrying,
} from './together-api.js';

/** The least time between two edits sent by a page (40 a second at most while drawing). */
export const SEND_GAP_MS = 25;
/** The least time between two pointer moves sent (20 a second). */
export const MOVE_GAP_MS = 50;

export interface LinkState {
  readonly joined: boolean;
  /** The server cannot be reached: edits wait in the page. */
  readonly offline: boolean;
  /** Edits made here that the server has not stored yet. */
  readonly unsent: number;
  readonly colour: string;
  readonly people: readonly Collaborator[];
}

export interface LinkHost extends SyncHost {
  readonly session: string;
  readonly name: string;
  nextEdit(): { session: string; edit: number };
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  changed(state: LinkState): void;
  problem(message: string): void;
}

interface StoredEdit {
  readonly session: string;
  readonly edit: number;
  readonly width: number;
  readonly cells?: ReturnType<typeof runsOf>;
  readonly rows?: readonly string[];
}

export const unsentKey = (id: string) => `labyrinth.unsent:${id}`;

/** The edits kept in the browser for a level (none when nothing is kept or it is unreadable). */
export function readUnsent(storage: LinkHost['storage'], id: string): PendingEdit[] {
  try {
    const kept = JSON.parse(storage?.getItem(unsentKey(id)) ?? '[]') as StoredEdit[];
    return kept.map((e) => ({
      session: e.session,
      edit: e.edit,
      width: e.width,
      cells: e.cells ? cellsOf(e.cells, e.width) : null,
      rows: e.rows ?? null,
      // It may have reached the server: it is sent again as it is.
      sent: true,
      seq: null,
    }));
  } catch {
    return [];
  }
}

export class LevelLink {
  state: LinkState = { joined: false, offline: false, unsent: 0, colour: '', people: [] };
  readonly sync: DrawingSync;
  private stream: LiveStream | null = null;
  private sending = false;
  private closed = false;
  private lastSent = 0;
  private failures = 0;
  /** The pending edits' `changes` last written to the browser's storage. */
  private kept = -1;
  private timer = 0;
  private moveTimer = 0;
  private lastMove = 0;
  private place: { pointer: { row: number; col: number } | null; selection: Box | null } = {
    pointer: null,
    selection: null,
  };

  constructor(
    readonly id: string,
    private readonly host: LinkHost,
    private readonly server: TogetherServer,
  ) {
    this.sync = new DrawingSync(host, () => host.nextEdit());
    void this.join(false);
  }

  /** The page's cells changed: sent soon, in order. */
  changed(cells: readonly { row: number; col: number }[] | 'all'): void {
    if (this.closed) return;
    this.sync.changed(cells);
    queueMicrotask(() => this.send());
  }

  /** Where this page points and what it selects, for the others (at most 20 a second). */
  point(pointer: { row: number; col: number } | null, selection: Box | null): void {
    this.place = { pointer, selection };
    if (!this.state.joined || this.closed || this.moveTimer) return;
    const wait = this.lastMove + MOVE_GAP_MS - Date.now();
    this.moveTimer = window.setTimeout(
      () => {
        this.moveTimer = 0;
        this.lastMove = Date.now();
        const { pointer: at, selection: box } = this.place;
        this.server.move(this.id, this.host.session, at, box).catch(() => undefined);
      },
      Math.max(0, wait),
    );
  }

  /** Joins again with the host's name now (others see it change). */
  rename(): void {
    // While joining, the join itself takes the new name when it is answered.
    if (this.state.joined && !this.closed) void this.join(true);
  }

  /** The page leaves the level: edits not stored yet are still sent, then the link ends. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream?.close();
    clearTimeout(this.moveTimer);
    if (this.state.joined) this.server.leave(this.id, this.host.session).catch(() => undefined);
  }

  /** Joins (again, after the stream came back: the drawing and who is here, caught up). */
  private async join(again: boolean): Promise<void> {
    let answer;
    const name = this.host.name;
    try {
      answer = await this.server.join(this.id, this.host.session, name);
    } catch (error) {
      if (this.closed) return;
      if (!worthRetrying(error)) return this.host.problem(`Editing together stopped: ${error}`);
      this.set({ offline: true });
      this.timer = window.setTimeout(() => void this.join(again), this.retryDelay());
      return;
    }
    if (this.closed) return;
    if (answer.kind === 'refused')
      return this.host.problem(`Cannot edit together: ${answer.message}`);
    this.failures = 0;
    if (!this.state.joined) {
      const known = new Set(this.sync.pending.map((p) => `${p.session}:${p.edit}`));
      const kept = readUnsent(this.host.storage, this.id).filter(
        (p) => !known.has(`${p.session}:${p.edit}`),
      );
      this.sync.join(answer.seq, answer.rows, kept);
      this.stream = this.server.stream(this.id, answer.seq, this.host.session, {
        onData: ({ levelEdits }) => this.hear(levelEdits),
        onInterrupted: () => this.set({ offline: true }),
        onReconnected: () => void this.join(true),
        onError: (message) => this.host.problem(`Editing together stopped: ${message}`),
      });
    } else if (again && answer.seq > this.sync.seq) {
      this.sync.replaced(answer.seq, null, null, answer.rows);
    }
    this.set({ joined: true, offline: false, colour: answer.colour, people: answer.collaborators });
    this.send();
    // Renamed while joining: once more with the name now.
    if (this.host.name !== name) void this.join(true);
  }

  private hear(event: EditEvent): void {
    if (this.closed) return;
    if (event.__typename === 'CellsEdited') {
      this.sync.edited(event.seq, event.session, event.edit, event.cells);
    } else if (event.__typename === 'DrawingReplaced') {
      this.sync.replaced(event.seq, event.replacedBy, event.replacedEdit, event.rows);
    } else if (event.__typename === 'CollaboratorMoved') {
      const { collaborator } = event;
      if (collaborator.session === this.host.session) return;
      const others = this.state.people.filter((p) => p.session !== collaborator.session);
      return this.set({ people: [...others, collaborator] });
    } else {
      const people = this.state.people.filter((p) => p.session !== event.session);
      return this.set({ people });
    }
    this.keep();
  }

  /** Sends the next edit not stored yet, when none is on its way. */
  private send(): void {
    const { sync } = this;
    if (!this.closed && sync.joined) sync.flush();
    this.keep();
    if (this.sending || !sync.joined || this.timer) return;
    const next = sync.next();
    if (!next) return;
    const wait = this.lastSent + SEND_GAP_MS - Date.now();
    if (wait > 0) {
      this.timer = window.setTimeout(() => {
        this.timer = 0;
        this.send();
      }, wait);
      return;
    }
    this.sending = true;
    this.lastSent = Date.now();
    next.sent = true;
    this.server.edit(this.id, next).then(
      (answer) => {
        this.sending = false;
        this.failures = 0;
        if (answer.kind === 'stored') {
          if (this.closed) sync.settled(next, answer.seq);
          else sync.acked(next, answer.seq);
        } else {
          this.host.problem(`A change was not kept: ${answer.message}`);
          if (this.closed) sync.settled(next, -1);
          else sync.refused(next);
        }
        this.set({ offline: false });
        this.send();
      },
      (error: unknown) => {
        this.sending = false;
        if (worthRetrying(error)) {
          if (error instanceof ApiError && error.code === 'NETWORK') this.set({ offline: true });
          this.timer = window.setTimeout(() => {
            this.timer = 0;
            this.send();
          }, this.retryDelay());
          return;
        }
        this.host.problem(
          `A change was not kept: ${error instanceof Error ? error.message : error}`,
        );
        if (this.closed) sync.settled(next, -1);
        else sync.refused(next);
        this.send();
      },
    );
  }

  /** Quick at first (a server restarting), then every few seconds. */
  private retryDelay(): number {
    return Math.min(retryDelayMs(this.failures++, undefined, () => 0) / 2, 5000);
  }

  /** The edits not stored yet into the browser's storage (or out of it, once none is left). */
  private keep(): void {
    // Not before the join has read what an earlier page kept (it would be wiped); and
    // written only when the edits changed: this runs for every painted cell's change.
    if (!this.sync.joined || this.sync.changes === this.kept) return;
    this.kept = this.sync.changes;
    const unsent = this.sync.unsent();
    const { storage } = this.host;
    try {
      if (unsent.length === 0) storage?.removeItem(unsentKey(this.id));
      else {
        const kept: StoredEdit[] = unsent.map((p) => ({
          session: p.session,
          edit: p.edit,
          width: p.width,
          ...(p.cells ? { cells: runsOf(p.cells, p.width) } : { rows: p.rows! }),
        }));
        storage?.setItem(unsentKey(this.id), JSON.stringify(kept));
      }
    } catch {
      // Storage full or refused: the edits are still in the page, and sent from there.
    }
    if (unsent.length !== this.state.unsent) this.set({ unsent: unsent.length });
  }

  private set(patch: Partial<LinkState>): void {
    this.state = { ...this.state, ...patch };
    this.host.changed(this.state);
  }
}
