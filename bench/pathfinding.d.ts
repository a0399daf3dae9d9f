// The few parts of PathFinding.js (no type definitions published) the bench uses.
declare module 'pathfinding' {
  export class Grid {
    constructor(matrix: number[][]);
    clone(): Grid;
  }
  interface Finder {
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][];
  }
  export class BreadthFirstFinder implements Finder {
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][];
  }
  export class AStarFinder implements Finder {
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][];
  }
  const PF: {
    Grid: typeof Grid;
    BreadthFirstFinder: typeof BreadthFirstFinder;
    AStarFinder: typeof AStarFinder;
  };
  export default PF;
}
