// The carvers by option name. Each makes a forest (never a loop) over the maze cells, and
// almost always one spanning tree; generate.ts then joins any pieces left (joinComponents).
import type { Algorithm } from '../options.js';
import type { Prng } from '../prng.js';
import type { WallGrid } from '../wall-grid.js';
import { carveAldousBroder } from './aldous-broder.js';
import { carveBacktracker } from './backtracker.js';
import { carveBinaryTree } from './binary-tree.js';
import { carveEller } from './eller.js';
import { carveGrowingTree } from './growing-tree.js';
import { carveHuntAndKill } from './hunt-and-kill.js';
import { carveKruskal } from './kruskal.js';
import { carvePrim } from './prim.js';
import { carveSidewinder } from './sidewinder.js';
import { carveWilson } from './wilson.js';

export type Carver = (grid: WallGrid, rng: Prng) => void;

export const CARVERS: Readonly<Record<Algorithm, Carver>> = {
  backtracker: carveBacktracker,
  'growing-tree': carveGrowingTree,
  prim: carvePrim,
  kruskal: carveKruskal,
  wilson: carveWilson,
  'aldous-broder': carveAldousBroder,
  'hunt-and-kill': carveHuntAndKill,
  eller: carveEller,
  sidewinder: carveSidewinder,
  'binary-tree': carveBinaryTree,
};
