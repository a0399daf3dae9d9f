// The walker: a marker moving along the fewest-steps path, cell by cell.
import type { PathCells } from './check.js';

/** Moves the walker along `path` (at once for reduced motion); null when it is done. */
export function walkAlong(path: PathCells, show: (walker: number | null) => void): void {
  if (path.cells.length < 2) return;
  const last = path.cells.length - 1;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) {
    show(last);
    setTimeout(() => show(null), 600);
    return;
  }
  // About 12 cells a second, at most 6 seconds however long the path.
  const duration = Math.min(6000, path.cells.length * 80);
  const start = performance.now();
  const step = (now: number) => {
    // A frame's time is when it began, which can be before `start`: never below 0.
    const t = Math.max(0, Math.min(1, (now - start) / duration));
    show(t * last);
    if (t < 1) requestAnimationFrame(step);
    else setTimeout(() => show(null), 400);
  };
  requestAnimationFrame(step);
}
