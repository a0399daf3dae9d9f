// The rotating-rooms planner. It sees what the player sees — the rooms, Indy, the rocks in the
// grid now — and chooses this turn's command. It never uses the rocks' schedule.
//
// How it chooses:
//   * `RouteFinder` (routes.ts) knows, rocks left out, which routes can still get Indy to the
//     exit in time, and picks the best one: cheapest, then with most turns to spare, then
//     shutting the sides the rocks in view are coming by.
//   * A depth-first search over turns (branch-search.ts) plays the rocks in view with the real
//     rules (simulator.ts). At each state it first tries the default future (rollout.ts): the
//     best route, its turns done as early as possible. If Indy survives it, that is the plan.
//   * If a rock kills him, the search branches on the turns most likely to save him; a branch
//     that leaves Indy no route at all is cut at once, and states already known to fail are
//     cut by a hash of the whole state (state-hash.ts).
//   * If the search finds no line in its budget, the safety check (safety.ts) looks at every
//     line against the rocks in view: the planner never walks into a loss it can see.
//   * A line that wins against the rocks in view may still be exposed to rocks not seen yet
//     (unseen-rocks.ts); the hedge (hedge.ts) trades it for a less exposed one that also wins.
//   * Deterministic: fixed orders everywhere, and a budget of search states instead of a clock.
// A plan found is kept and followed while the rocks in view are the ones it was made for.
import { actionCommand, applyAction } from './actions.js';
import { BranchSearch } from './branch-search.js';
import { Hedge } from './hedge.js';
import type { CrusadeGrid, Mover } from './level-file.js';
import { packMover } from './mover.js';
import { SafetyCheck } from './safety.js';
import {
  PLAYING,
  moveAll,
  newMoved,
  toBoard,
  type Board,
  type CrusadeCommand,
} from './simulator.js';
import { UnseenRocks } from './unseen-rocks.js';

/** Search states per turn before settling for the longest-surviving line found. */
export const DEFAULT_NODE_BUDGET = 100;

export interface CrusadePlannerOptions {
  readonly nodeBudget?: number;
  /** Work the hedge may spend per turn (hedge.ts); 0 leaves the plan as the search made it. */
  readonly hedgeBudget?: number;
}

export interface PlannerStats {
  /** Search states visited by the last `decide` (0 when it followed its plan). */
  readonly nodes: number;
  /** Whether the last `decide` had a plan that gets Indy out against the rocks in view. */
  readonly planned: boolean;
  /** Work the hedge spent weighing the plan against the rocks not seen yet. */
  readonly hedgeWork: number;
}

export class CrusadePlanner {
  /** The planner's own copy of the rooms, with its rotations applied. */
  private readonly board: Board;
  private readonly width: number;
  private readonly search: BranchSearch;
  private readonly safety: SafetyCheck;
  private readonly hedge: Hedge;

  // The plan being followed: actions, and the state (Indy, then sorted rocks) expected before each.
  private plan: number[] = [];
  private planStates: number[][] = [];
  private planStep = 0;
  private lastStats: PlannerStats = { nodes: 0, planned: false, hedgeWork: 0 };

  constructor(grid: CrusadeGrid, options: CrusadePlannerOptions = {}) {
    this.board = toBoard(grid);
    this.width = grid.width;
    this.search = new BranchSearch(this.board, options.nodeBudget ?? DEFAULT_NODE_BUDGET);
    this.safety = new SafetyCheck(this.board);
    const unseen = new UnseenRocks(this.board);
    this.hedge = new Hedge(this.board, this.search, this.safety, unseen, options.hedgeBudget);
  }

  /** The rooms as the planner knows them: the level's, with its own rotations applied. */
  rooms(): number[] {
    return Array.from(this.board.rooms);
  }

  stats(): PlannerStats {
    return this.lastStats;
  }

  /** Chooses this turn's command and applies it to the planner's own copy of the rooms. */
  decide(indy: Mover, rocks: readonly Mover[]): CrusadeCommand {
    const packedIndy = packMover(this.width, indy);
    const packedRocks = rocks.map((rock) => packMover(this.width, rock));
    const seen = [packedIndy, ...[...packedRocks].sort((a, b) => a - b)];

    const expected = this.planStates[this.planStep];
    const followed = expected !== undefined && sameNumbers(expected, seen);
    const nodes = followed ? 0 : this.replan(packedIndy, packedRocks);
    const planned = this.planStep < this.plan.length;
    let action = this.search.bestFirst;
    let hedgeWork = 0;
    if (planned) {
      const line = this.plan.slice(this.planStep);
      const chosen = this.hedge.choose(packedIndy, packedRocks, line);
      hedgeWork = this.hedge.work;
      if (chosen !== line) this.remember(packedIndy, packedRocks, chosen);
      action = this.plan[this.planStep++];
    }
    // Without a plan (no line survives the rocks in view, or none was found in the budget),
    // the first action of the line on which Indy lived longest; look again next turn.
    this.lastStats = { nodes, planned, hedgeWork };
    applyAction(this.board.rooms, action);
    return actionCommand(action, this.width);
  }

  /**
   * Searches afresh and keeps the line found as the plan, or no plan. Returns the search
   * states spent.
   */
  private replan(indy: number, rocks: readonly number[]): number {
    let found = this.search.run(indy, rocks);
    let line = this.search.solution;
    let nodes = this.search.nodes;
    if (!found) {
      // The branch search looks where its heuristics point; before giving up on the rocks in
      // view, the safety check looks everywhere.
      const bestFirst = this.search.bestFirst;
      found = this.safety.findLine(indy, rocks);
      line = this.safety.line;
      nodes += this.safety.nodes;
      this.search.bestFirst = bestFirst;
    }
    this.plan = [];
    this.planStates = [];
    this.planStep = 0;
    if (found) this.remember(indy, rocks, line);
    return nodes;
  }

  /** Keeps a plan with the state expected before each of its turns. */
  private remember(indy: number, rocks: readonly number[], plan: readonly number[]): void {
    const board: Board = { ...this.board, rooms: Int8Array.from(this.board.rooms) };
    let now = newMoved(Math.max(1, rocks.length));
    let after = newMoved(Math.max(1, rocks.length));
    now.indy = indy;
    now.rocks.set(rocks);
    now.rockCount = rocks.length;
    this.plan = [...plan];
    this.planStates = [];
    this.planStep = 0;
    for (const action of plan) {
      const sorted = Array.from(now.rocks.subarray(0, now.rockCount)).sort((a, b) => a - b);
      this.planStates.push([now.indy, ...sorted]);
      applyAction(board.rooms, action);
      if (moveAll(board, now.indy, now.rocks, now.rockCount, after) !== PLAYING) break;
      [now, after] = [after, now];
    }
  }
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
