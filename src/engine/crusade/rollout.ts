// The default future of a search state: the rocks in view played with the real turn rules
// (simulator.ts) while the planner does the obvious thing each turn: the route's earliest turn
// not blocked by a rock, else WAIT. The route's turns come first, as early as they can: turns
// left free at the end of the route are the ones a rock not yet seen may need. (Spending free
// turns on crashing harmless rocks into walls, as this once did, lost more games on the random-
// rock corpus than it saved.) If Indy wins, that is the plan; if a rock kills him, the branch
// search starts from that rock (the culprit) and its way to him.
import { WAIT, actionCell, turnToward, turnedBy } from './actions.js';
import { GONE, moverCell } from './mover.js';
import type { RouteFinder } from './routes.js';
import {
  LOST_HIT_BY_ROCK,
  LOST_SWAPPED_WITH_ROCK,
  PLAYING,
  WON,
  moveAll,
  newMoved,
  occupied,
  stepOut,
  type Board,
  type Moved,
} from './simulator.js';

export class Rollout {
  /** The actions of the last `run`, and how many when Indy won. */
  readonly actions: Int32Array;
  length = 0;
  /**
   * When Indy lost: the id (an index into the start's rocks) of the rock that killed him, or -1
   * when no rock did; the turn he died; where the culprit entered on that turn.
   */
  culprit = -1;
  culpritTurn = 0;
  private culpritLastMove = GONE;

  private capacity = 0;
  private now: Moved = newMoved(1);
  private next: Moved = newMoved(1);
  private ids = new Int32Array(1);
  private nextIds = new Int32Array(1);
  /** track[turn * capacity + id]: where rock `id` is at the start of `turn` (or GONE). */
  private track = new Int32Array(1);
  /** The rooms the run turned and their types before, to undo. */
  private readonly undoCell: Int32Array;
  private readonly undoRoom: Int8Array;

  constructor(
    private readonly board: Board,
    private readonly routes: RouteFinder,
    private readonly maxDepth: number,
  ) {
    this.actions = new Int32Array(maxDepth);
    this.undoCell = new Int32Array(maxDepth);
    this.undoRoom = new Int8Array(maxDepth);
  }

  /** Buffers for up to `capacity` rocks. */
  setCapacity(capacity: number): void {
    this.capacity = capacity;
    this.now = newMoved(capacity);
    this.next = newMoved(capacity);
    this.ids = new Int32Array(capacity);
    this.nextIds = new Int32Array(capacity);
    this.track = new Int32Array((this.maxDepth + 1) * capacity);
  }

  /**
   * Plays from `start` along the route `routes` extracted (`routeLength` rooms); the rooms are
   * as they were afterwards. True when Indy wins: `actions` then holds the plan. Otherwise
   * sets `culprit`, `culpritTurn` and the culprit's way (`culpritWay`).
   */
  run(start: Moved, routeLength: number): boolean {
    let now = this.now;
    let after = this.next;
    now.indy = start.indy;
    now.rockCount = start.rockCount;
    now.rocks.set(start.rocks.subarray(0, start.rockCount));
    const capacity = this.capacity;
    const rooms = this.board.rooms;
    const cells = this.routes.cells;
    const targets = this.routes.targets;
    let ids = this.ids;
    let nextIds = this.nextIds;
    for (let i = 0; i < start.rockCount; i++) ids[i] = i;
    let undo = 0;
    let won = false;
    let pending = 0;
    this.culprit = -1;
    for (let turn = 0; turn <= this.maxDepth; turn++) {
      const track = turn * capacity;
      for (let i = 0; i < start.rockCount; i++) this.track[track + i] = GONE;
      for (let i = 0; i < now.rockCount; i++) this.track[track + ids[i]] = now.rocks[i];

      // Route rooms before `pending` are all turned already (a route room only ever turns
      // toward its target here), so the scans start there.
      if (pending < turn) pending = turn;
      while (pending < routeLength && rooms[cells[pending]] === targets[pending]) pending++;
      let action = WAIT;
      for (let i = pending; action === WAIT && i < routeLength; i++) {
        const room = rooms[cells[i]];
        if (room !== targets[i] && !occupied(now, cells[i])) {
          action = turnToward(cells[i], room, targets[i]);
        }
      }
      if (action !== WAIT) {
        const cell = actionCell(action);
        const room = rooms[cell];
        this.undoCell[undo] = cell;
        this.undoRoom[undo++] = room;
        rooms[cell] = turnedBy(action, room);
      }
      this.actions[turn] = action;
      const status = moveAll(this.board, now.indy, now.rocks, now.rockCount, after);
      if (status === WON) {
        this.length = turn + 1;
        won = true;
        break;
      }
      if (status !== PLAYING) {
        this.culpritTurn = turn;
        if (status === LOST_HIT_BY_ROCK || status === LOST_SWAPPED_WITH_ROCK) {
          this.findCulprit(now, after, ids);
        }
        break;
      }
      for (let i = 0; i < after.rockCount; i++) nextIds[i] = ids[after.rockFrom[i]];
      [now, after] = [after, now];
      [ids, nextIds] = [nextIds, ids];
    }
    while (undo > 0) {
      undo--;
      rooms[this.undoCell[undo]] = this.undoRoom[undo];
    }
    return won;
  }

  /** The culprit's way to Indy in the last run: where it entered on `turn` (1 … culpritTurn + 1). */
  culpritWay(turn: number): number {
    return turn <= this.culpritTurn
      ? this.track[turn * this.capacity + this.culprit]
      : this.culpritLastMove;
  }

  /** Records the rock that killed Indy moving from `before` to `after.indy`. */
  private findCulprit(before: Moved, after: Moved, ids: Int32Array): void {
    const indyCell = after.indy === GONE ? -1 : moverCell(after.indy);
    const indyFrom = moverCell(before.indy);
    for (let i = 0; i < before.rockCount; i++) {
      const next = stepOut(this.board, before.rocks[i]);
      if (next === GONE) continue;
      const cell = moverCell(next);
      if (cell === indyCell || (cell === indyFrom && moverCell(before.rocks[i]) === indyCell)) {
        this.culprit = ids[i];
        this.culpritLastMove = next;
        return;
      }
    }
  }
}
