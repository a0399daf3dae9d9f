// Who is editing each level (editing together): a name, a colour, a pointer and a selection
// per session, as this instance knows them. Its own sessions it tells the other instances
// (drawing-channel.ts), and theirs it hears; a session unheard for PRESENCE_TIMEOUT_MS has
// left, and one with a stream open here is told again every PRESENCE_HEARTBEAT_MS so that it
// stays with the others.
import type { Position } from '../engine/level/level.js';
import type { CellBox, Collaborator } from './collaborator.js';
import type { DrawingChannel } from './drawing-channel.js';
import type { DrawingEvent } from './drawing-stream.js';

/** A session not heard for this long has left; one with an open stream is re-announced. */
export const PRESENCE_TIMEOUT_MS = 30_000;
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Collaborators remembered at once, all levels together (each leaves after 30 s unheard). */
export const MAX_COLLABORATORS = 10_000;

/** The colours given to collaborators, by their session (apart from every glyph's). */
export const COLLABORATOR_COLOURS = [
  '#7b2cbf',
  '#009e73',
  '#d55e00',
  '#0072b2',
  '#cc79a7',
  '#b8860b',
  '#e63946',
  '#2a9d8f',
] as const;

/** The same colour for a session on every instance. */
export function colourOf(session: string): string {
  let hash = 0;
  for (let i = 0; i < session.length; i++) hash = (hash * 31 + session.charCodeAt(i)) >>> 0;
  return COLLABORATOR_COLOURS[hash % COLLABORATOR_COLOURS.length];
}

interface Present {
  collaborator: Collaborator;
  heardAt: number;
  /** Streams of this session open on this instance. */
  streams: number;
  announcedAt: number;
}

export class Presence {
  private readonly levels = new Map<string, Map<string, Present>>();
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly channel: DrawingChannel,
    private readonly now: () => number,
    /** Hands an event to this instance's streams of the level. */
    private readonly tell: (id: string, event: DrawingEvent) => void,
  ) {}

  /** Everyone at the level now. */
  here(id: string): Collaborator[] {
    return [...(this.levels.get(id)?.values() ?? [])].map((present) => present.collaborator);
  }

  /** A session joins (again: its pointer and streams stay). */
  arrive(id: string, session: string, name: string): Collaborator {
    const present = this.levels.get(id)?.get(session);
    const collaborator: Collaborator = {
      session,
      name,
      colour: colourOf(session),
      pointer: present?.collaborator.pointer ?? null,
      selection: present?.collaborator.selection ?? null,
    };
    const entry = {
      collaborator,
      heardAt: this.now(),
      streams: present?.streams ?? 0,
      announcedAt: 0,
    };
    this.set(id, entry);
    this.announce(id, entry);
    this.watch();
    return collaborator;
  }

  /** Where a joined session points: false when it has not joined. */
  move(id: string, session: string, pointer: Position | null, selection: CellBox | null): boolean {
    const present = this.levels.get(id)?.get(session);
    if (!present) return false;
    present.collaborator = { ...present.collaborator, pointer, selection };
    present.heardAt = this.now();
    this.announce(id, present);
    return true;
  }

  has(id: string, session: string): boolean {
    return this.levels.get(id)?.has(session) ?? false;
  }

  heardFrom(id: string, session: string): void {
    const present = this.levels.get(id)?.get(session);
    if (present) present.heardAt = this.now();
  }

  /** A stream of the session opens here: it is here while one is open. */
  streamOpened(id: string, session: string): void {
    const present = this.levels.get(id)?.get(session);
    if (present) present.streams++;
  }

  /** The stream ends: the session leaves with its last one. */
  streamEnded(id: string, session: string): void {
    const present = this.levels.get(id)?.get(session);
    if (present && --present.streams === 0) this.leave(id, session);
  }

  leave(id: string, session: string): boolean {
    if (!this.has(id, session)) return false;
    this.channel.sendPresence({ type: 'left', id, session });
    this.gone(id, session);
    return true;
  }

  /** Another instance's word about a session (this one's own are known already). */
  heard(id: string, collaborator: Collaborator): void {
    const present = this.levels.get(id)?.get(collaborator.session);
    if (present && present.streams > 0) return;
    if (!present && this.count >= MAX_COLLABORATORS) return;
    this.set(id, { collaborator, heardAt: this.now(), streams: 0, announcedAt: this.now() });
    this.tell(id, { kind: 'moved', collaborator });
    this.watch();
  }

  gone(id: string, session: string): void {
    const level = this.levels.get(id);
    if (!level?.delete(session)) return;
    this.count--;
    if (level.size === 0) this.levels.delete(id);
    this.tell(id, { kind: 'left', session });
  }

  /** Sessions unheard for PRESENCE_TIMEOUT_MS leave; those with a stream here are told again. */
  sweep(): void {
    const now = this.now();
    for (const [id, level] of this.levels) {
      for (const [session, present] of level) {
        if (present.streams > 0) {
          present.heardAt = now;
          if (now - present.announcedAt >= PRESENCE_HEARTBEAT_MS) {
            present.announcedAt = now;
            this.channel.sendPresence({ type: 'presence', id, collaborator: present.collaborator });
          }
        } else if (now - present.heardAt >= PRESENCE_TIMEOUT_MS) {
          this.gone(id, session);
        }
      }
    }
    if (this.levels.size === 0) this.close();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private set(id: string, present: Present): void {
    let level = this.levels.get(id);
    if (!level) {
      level = new Map();
      this.levels.set(id, level);
    }
    if (!level.has(present.collaborator.session)) this.count++;
    level.set(present.collaborator.session, present);
  }

  /** Tells every instance's streams (this one's too) where the collaborator is. */
  private announce(id: string, present: Present): void {
    present.announcedAt = this.now();
    this.channel.sendPresence({ type: 'presence', id, collaborator: present.collaborator });
    this.tell(id, { kind: 'moved', collaborator: present.collaborator });
  }

  private watch(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), PRESENCE_HEARTBEAT_MS / 2);
    this.timer.unref();
  }
}
