// solve and cheapest on the shared benchmark levels: our engine against the C speed limits
// (bench/limit2.c and bench/limit.c, compiled here with gcc -O2) and PathFinding.js, in the
// same run.
import PF from 'pathfinding';
import { parseLevel } from '../src/engine/level/parse.js';
import type { Level } from '../src/engine/level/level.js';
import { cheapestRoute } from '../src/engine/search/cheapest.js';
import { fewestSteps } from '../src/engine/search/fewest-steps.js';
import { reach } from '../src/engine/search/reach.js';
import { countDeadEnds } from '../src/engine/level/dead-ends.js';
import { LIMITS, cLimitMs, compileLimit } from './limit.js';
import { cpuBestInTurns, fixed, readLevelFile, table, timeMs } from './support.js';

const SOLVE_LEVELS = ['open300', 'keys300', 'maze299'];
const CHEAPEST_LEVELS = ['terrain80-keys', 'terrain79-maze'];
const REPEATS = 50;
const INSIGHT_BATCHES = 41;

function parse(name: string): Level {
  const result = parseLevel(readLevelFile(name));
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value;
}

/** PathFinding.js needs a fresh grid per search (it marks nodes): the clone is timed too. */
function pathFindingMs(
  level: Level,
  finder: 'bfs' | 'astar',
): { steps: number; ms: number } | null {
  if (level.rows.some((row) => /[<>^va-dA-D1-9]/.test(row))) return null; // plain grids only
  const matrix = level.rows.map((row) => [...row].map((glyph) => (glyph === '#' ? 1 : 0)));
  const grid = new PF.Grid(matrix);
  const search = finder === 'bfs' ? new PF.BreadthFirstFinder() : new PF.AStarFinder();
  const [sr, sc] = [Math.floor(level.start / level.width), level.start % level.width];
  const [er, ec] = [Math.floor(level.exit / level.width), level.exit % level.width];
  let path: number[][] = [];
  const ms = timeMs(() => (path = search.findPath(sc, sr, ec, er, grid.clone())), 10, 2);
  return { steps: path.length - 1, ms };
}

export async function runSolveBench(): Promise<void> {
  // Measured first, printed second: before PathFinding.js leaves its garbage, whose collection
  // runs on V8's helper threads and so counts in the process's CPU time.
  const insights = measureInsights();
  console.log('## solve (fewest steps with path), ms per solve, mean of', REPEATS);
  const limits = LIMITS.map((name) => ({ name, binary: compileLimit(name) }));
  if (limits.some((limit) => !limit.binary)) console.log('(gcc not found: C columns left empty)');
  const rows: Array<Array<string | number>> = [];
  for (const name of SOLVE_LEVELS) {
    const level = parse(name);
    let steps = -1;
    const ours = timeMs(() => (steps = fewestSteps(level)?.steps ?? -1), REPEATS);
    const cs = limits.map(({ binary }) => (binary ? cLimitMs(binary, name, REPEATS) : null));
    for (const [i, c] of cs.entries()) {
      if (c && c.steps !== steps)
        throw new Error(`${name}: ${limits[i].name} says ${c.steps} steps, we say ${steps}`);
    }
    const bfs = pathFindingMs(level, 'bfs');
    const astar = pathFindingMs(level, 'astar');
    if (bfs && bfs.steps !== steps)
      throw new Error(`${name}: PathFinding.js BFS says ${bfs.steps}`);
    rows.push([
      name,
      steps,
      fixed(ours),
      ...cs.flatMap((c) => [c ? fixed(c.ms) : '', c ? fixed(ours / c.ms, 2) + 'x' : '']),
      bfs ? fixed(bfs.ms, 1) : 'n/a (keys)',
      bfs ? fixed(bfs.ms / ours, 1) + 'x' : '',
      astar ? fixed(astar.ms, 1) : 'n/a (keys)',
      astar ? fixed(astar.ms / ours, 1) + 'x' : '',
    ]);
  }
  console.log(
    table(
      [
        'level',
        'steps',
        'ours ms',
        ...LIMITS.flatMap((limit) => [`${limit} ms`, `ours/${limit}`]),
        'PF BFS ms',
        'PF BFS/ours',
        'PF A* ms',
        'PF A*/ours',
      ],
      rows,
    ),
  );
  console.log(
    'goals: ours/limit2 <= 1.5x on every level; PF BFS/ours >= 10x on the plain 300x300 grid\n',
  );
  console.log(insights);

  console.log(
    '## cheapest (cost, then steps, then first moves) with path, ms per solve, mean of',
    REPEATS,
  );
  const cheapRows = CHEAPEST_LEVELS.map((name) => {
    const level = parse(name);
    let route = cheapestRoute(level);
    const ms = timeMs(() => (route = cheapestRoute(level)), REPEATS);
    return [name, route?.cost ?? 'null', route?.steps ?? 'null', fixed(ms)];
  });
  console.log(table(['level', 'cost', 'steps', 'ours ms'], cheapRows));
  console.log('goal: cheapest on terrain80-keys under 3 ms\n');
}

/**
 * The designers' answers (unreachable, neededKeys, shortestWalks and deadEnds, all from one
 * search) beside `steps` on the same levels: what asking them costs on top of steps. The two are
 * timed in turns, batch by batch, so that a change in the machine's load falls on both.
 */
function measureInsights(): string {
  const rows = SOLVE_LEVELS.map((name) => {
    const level = parse(name);
    let found = reach(level);
    // More batches than elsewhere: the two cost about the same, and at a shared machine's load
    // a busy spell lasts longer than a batch; the best of many finds a calm one for each.
    const [steps, search] = cpuBestInTurns(
      [() => fewestSteps(level), () => (found = reach(level))],
      INSIGHT_BATCHES,
    );
    if (found.deadEnds !== countDeadEnds(level)) throw new Error(`${name}: deadEnds differ`);
    return [
      name,
      fixed(steps),
      fixed(search),
      fixed(search / steps, 2) + 'x',
      found.unreachable.length,
      found.neededKeys.join('') || '-',
      found.shortestWalks ?? 'null',
      found.deadEnds,
    ];
  });
  return [
    '## new answers beside steps (unreachable, neededKeys, shortestWalks, deadEnds: one search),' +
      ` CPU ms per call, best of ${INSIGHT_BATCHES} batches of 10 (in turns)`,
    table(
      [
        'level',
        'steps ms',
        'reach ms',
        'new/steps',
        'unreachable',
        'neededKeys',
        'shortestWalks',
        'deadEnds',
      ],
      rows,
    ),
    'goal: the new answers cost at most one search more than steps (new/steps <= 1.00x: the\n' +
      'one reach search, that every cell state walks can stand on, in steps searches)\n',
  ].join('\n');
}
