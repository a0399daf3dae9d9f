// The sources of answers as text, to keep in the database for every instance (answers.ts
// SOURCES encode/decode): cells as base64 of their bytes.
import type { Reach } from '../engine/search/reach.js';
import type { Route } from '../engine/search/route.js';

/** A route as text: its steps, cost and cells (the cells as base64 of their bytes). */
export function encodeRoute(route: Route | null): string {
  if (route === null) return 'null';
  return JSON.stringify({ steps: route.steps, cost: route.cost, cells: encodeCells(route.cells) });
}

export function decodeRoute(text: string): Route | null {
  const route = JSON.parse(text) as { steps: number; cost: number; cells: string } | null;
  if (route === null) return null;
  return { steps: route.steps, cost: route.cost, cells: decodeCells(route.cells) };
}

export function encodeReach(found: Reach): string {
  return JSON.stringify({ ...found, unreachable: encodeCells(found.unreachable) });
}

export function decodeReach(text: string): Reach {
  const found = JSON.parse(text) as Omit<Reach, 'unreachable' | 'deadEnds'> & {
    unreachable: string;
    deadEnds?: number;
  };
  // Kept by a release whose search did not count dead ends: -1, counted when asked.
  return { ...found, deadEnds: found.deadEnds ?? -1, unreachable: decodeCells(found.unreachable) };
}

/** Cell indices as base64 of their bytes. */
function encodeCells(cells: Int32Array): string {
  return Buffer.from(cells.buffer, cells.byteOffset, cells.byteLength).toString('base64');
}

function decodeCells(text: string): Int32Array {
  const bytes = Buffer.from(text, 'base64');
  // A copy: Int32Array needs a 4-byte aligned offset, which a pooled Buffer may not have.
  const cells = new Int32Array(bytes.byteLength / 4);
  new Uint8Array(cells.buffer).set(bytes);
  return cells;
}
