// For the safety check (safety.ts): the rooms Indy or a rock may still come into after this
// turn, whatever types the rooms are turned to. A room nothing can enter any more keeps, among
// the types that send this turn's movers the same ways, only the cheapest (safety.ts prunes so).
import { GONE, moverCell, moverSide, moverSlots, wayOutOf } from './mover.js';
import { ORIENTATIONS, WAY_OUT } from './rooms.js';
import { stepOut, type Board, type Moved } from './simulator.js';

export class LaterReach {
  private readonly size: number;
  /** The rooms something may come into after this turn (a bit per room), for this node. */
  private readonly later: Int32Array;
  /** laterFrom[mover]: the rooms reachable, whatever the types, after entering by `mover`. */
  private readonly laterFrom: (Int32Array | undefined)[];
  // Scratch for computing `laterFrom`.
  private readonly seenStamp: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;

  constructor(private readonly board: Board) {
    this.size = board.width * board.height;
    this.later = new Int32Array((this.size + 31) >> 5);
    this.laterFrom = new Array<Int32Array | undefined>(moverSlots(this.size));
    this.seenStamp = new Int32Array(moverSlots(this.size));
    this.queue = new Int32Array(moverSlots(this.size));
  }

  /** Whether `mark` found that something may come into room `cell` after this turn. */
  has(cell: number): boolean {
    return ((this.later[cell >> 5] >>> (cell & 31)) & 1) !== 0;
  }

  /**
   * Marks the rooms something may come into after this turn, whatever the types: those two or
   * more moves from Indy or a rock of `state` (a mover's own room cannot turn under it).
   */
  mark(state: Moved): void {
    this.later.fill(0);
    for (let m = -1; m < state.rockCount; m++) {
      const into = stepOut(this.board, m < 0 ? state.indy : state.rocks[m]);
      if (into === GONE) continue;
      const reach = this.laterFrom[into] ?? this.reachAfter(into);
      for (let i = 0; i < reach.length; i++) this.later[i] |= reach[i];
    }
  }

  /**
   * The rooms reachable after entering by `mover`, with every room turned every way (a bit
   * per room). It depends on the board alone: a room's turns give the same types whatever
   * type it has now, and locked rooms never change. Remembered in `laterFrom`.
   */
  private reachAfter(mover: number): Int32Array {
    const reach = new Int32Array((this.size + 31) >> 5);
    this.stamp++;
    let head = 0;
    let tail = 0;
    const rooms = this.board.rooms;
    const neighbours = this.board.neighbours;
    const push = (next: number) => {
      if (next === GONE || this.seenStamp[next] === this.stamp) return;
      this.seenStamp[next] = this.stamp;
      const cell = moverCell(next);
      reach[cell >> 5] |= 1 << (cell & 31);
      this.queue[tail++] = next;
    };
    const pushNext = (from: number) => {
      const cell = moverCell(from);
      const side = moverSide(from);
      const room = rooms[cell];
      if (room <= 0) {
        push(neighbours[wayOutOf(cell, WAY_OUT[-room * 3 + side])]);
        return;
      }
      const orientations = ORIENTATIONS[room];
      for (let k = 0; k < orientations.length; k++) {
        push(neighbours[wayOutOf(cell, WAY_OUT[orientations[k] * 3 + side])]);
      }
    };
    pushNext(mover);
    while (head < tail) pushNext(this.queue[head++]);
    this.laterFrom[mover] = reach;
    return reach;
  }
}
