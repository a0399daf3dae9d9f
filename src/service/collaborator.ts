// Someone editing a level together with others, as every part of editing together names
// them: presence (presence.ts), the streams (drawing-stream.ts) and the messages between the
// instances (drawing-channel.ts). A module of its own, so that none of them imports another
// for it.
import type { Position } from '../engine/level/level.js';

/** An inclusive box of cells. */
export interface CellBox {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** Someone editing a level. */
export interface Collaborator {
  readonly session: string;
  readonly name: string;
  readonly colour: string;
  readonly pointer: Position | null;
  readonly selection: CellBox | null;
}
