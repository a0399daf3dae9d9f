import type { Level, Position } from '../engine/level/level.js';
import { toPositions } from '../engine/level/level.js';
import { type HexMaze, exportHexMaze } from '../engine/maze-format/hex.js';
import { renderRoute } from '../engine/render.js';
import { cheapestRoute } from '../engine/search/cheapest.js';
import { fewestSteps } from '../engine/search/fewest-steps.js';
import type { Route } from '../engine/search/route.js';

/** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
export interface SolverStats {
  fewestStepsRuns: number;
  cheapestRuns: number;
}

/**
 * The answers (SPEC §2) about one version of one level, each computed at most once.
 * Lives in the service's memo, keyed by (id, version).
 */
export class LevelAnswers {
  private fewest: Route | null | undefined;
  private cheapestWalk: Route | null | undefined;
  private hexMaze: HexMaze | null | undefined;

  constructor(
    readonly level: Level,
    private readonly stats: SolverStats,
  ) {}

  private fewestRoute(): Route | null {
    if (this.fewest === undefined) {
      this.stats.fewestStepsRuns++;
      this.fewest = fewestSteps(this.level);
    }
    return this.fewest;
  }

  private cheapestRoute(): Route | null {
    if (this.cheapestWalk === undefined) {
      this.stats.cheapestRuns++;
      this.cheapestWalk = cheapestRoute(this.level);
    }
    return this.cheapestWalk;
  }

  steps(): number | null {
    return this.fewestRoute()?.steps ?? null;
  }

  path(): Position[] | null {
    const route = this.fewestRoute();
    return route && toPositions(this.level, route.cells);
  }

  render(): string[] | null {
    const route = this.fewestRoute();
    return route && renderRoute(this.level, route.cells);
  }

  cheapest(): number | null {
    return this.cheapestRoute()?.cost ?? null;
  }

  cheapestPath(): Position[] | null {
    const route = this.cheapestRoute();
    return route && toPositions(this.level, route.cells);
  }

  cheapestRender(): string[] | null {
    const route = this.cheapestRoute();
    return route && renderRoute(this.level, route.cells);
  }

  /** The level as an A-Maze-ing hex file (SPEC §7); null when it is not a wall maze. */
  maze(): HexMaze | null {
    if (this.hexMaze === undefined) this.hexMaze = exportHexMaze(this.level.rows);
    return this.hexMaze;
  }
}
