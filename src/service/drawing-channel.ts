// How the instances tell one another of edits and presence (editing together). In one
// process the messages go straight to the listeners; on PostgreSQL every edit's NOTIFY (sent
// by the store in the edit's transaction) and every presence message reach every instance,
// this one included (storage/postgres-events.ts).
import type { DrawingChange } from '../engine/level/drawing.js';
import type { Collaborator } from './collaborator.js';

export type DrawingMessage =
  /** An edit stored; without `change` when it was too long to tell: read it from the store. */
  | {
      readonly type: 'edit';
      readonly id: string;
      readonly seq: number;
      readonly session: string | null;
      readonly edit: number | null;
      readonly change?: DrawingChange;
    }
  | { readonly type: 'presence'; readonly id: string; readonly collaborator: Collaborator }
  | { readonly type: 'left'; readonly id: string; readonly session: string }
  /** Messages may have been lost (the listener's connection broke): check every drawing. */
  | { readonly type: 'missed' };

export interface DrawingChannel {
  /** An edit was stored (on PostgreSQL its NOTIFY has told every instance: nothing to do). */
  publishEdit(message: Extract<DrawingMessage, { type: 'edit' }>): void;
  /** A presence message for the other instances (this one's streams are told by the caller). */
  sendPresence(message: Extract<DrawingMessage, { type: 'presence' | 'left' }>): void;
  listen(handler: (message: DrawingMessage) => void): () => void;
}

/** Within one process: edits reach the listeners; presence has no other instance to reach. */
export class LocalDrawingChannel implements DrawingChannel {
  private readonly handlers = new Set<(message: DrawingMessage) => void>();

  publishEdit(message: Extract<DrawingMessage, { type: 'edit' }>): void {
    for (const handler of this.handlers) handler(message);
  }

  sendPresence(): void {}

  listen(handler: (message: DrawingMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** What PostgreSQL's listener hands over: a message from any instance. */
  deliver(message: DrawingMessage): void {
    for (const handler of this.handlers) handler(message);
  }
}
