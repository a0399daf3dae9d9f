// What the document is about, apart from its grid: a cell, the level as the server knows it,
// and the level's name and tags as the editor's fields hold them.
import type { NameTags } from './grid.js';

export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** The level as the server knows it: its id and the version the drawing started from. */
export interface DocMeta {
  readonly id: string;
  /** 0: not saved yet (a save expects no level with the id). */
  readonly version: number;
}

/** A level as read from the server. */
export interface LevelRows {
  readonly levelId: string;
  readonly version: number;
  readonly rows: readonly string[];
  readonly name?: string | null;
  readonly tags?: readonly string[];
}

/** The level's name and tags as the fields hold them (tags: the text typed, see parseTags). */
export type LevelInfo = NameTags;

export const NO_INFO: LevelInfo = { name: '', tags: '' };

/** Tags as typed: separated by commas or spaces, empty ones dropped (the server case-folds them). */
export function parseTags(text: string): string[] {
  return text.split(/[\s,]+/).filter((tag) => tag !== '');
}

export const sameInfo = (a: LevelInfo, b: LevelInfo) =>
  a.name.trim() === b.name.trim() && parseTags(a.tags).join(',') === parseTags(b.tags).join(',');

export const infoOf = (level: LevelRows): LevelInfo => ({
  name: level.name ?? '',
  tags: (level.tags ?? []).join(', '),
});
