// What the service's writes and checks answer: the codes of each failure (the GraphQL enums
// and the CLI's messages are made from these lists) and the shapes of their results.
import { GENERATION_ERROR_CODES } from '../engine/generation/generate.js';
import type { LevelError } from '../engine/level/parse.js';
import { LEVEL_ERROR_CODES } from '../engine/level/parse.js';
import type { Position } from '../engine/level/level.js';
import { MAZE_FORMAT_ERROR_CODES } from '../engine/maze-format/hex.js';
import type { MovesError } from '../engine/search/walk.js';
import type { Failure, Result } from '../engine/result.js';
import { LABEL_ERROR_CODES } from './level-labels.js';
import type { StoredLevel } from './level-store.js';

/**
 * The validation codes of docs/rules.md, and the service's own: an id no database can store, a
 * name or tags it does not take (level-labels.ts).
 */
export const LOAD_ERROR_CODES = [...LEVEL_ERROR_CODES, 'INVALID_ID', ...LABEL_ERROR_CODES] as const;
export type LoadErrorCode = (typeof LOAD_ERROR_CODES)[number];
export type LoadError = Failure<LoadErrorCode>;

/** A conditional save found another version current than the one expected. */
export interface VersionConflict extends Failure<'VERSION_CONFLICT'> {
  /** The current version; null when there is no level with the id. */
  readonly currentVersion: number | null;
}

export interface WriteOptions {
  /**
   * Write only if this is the current version (0: only if there is no level with the id);
   * otherwise nothing is stored and the answer is a VersionConflict. Unset: no check.
   */
  readonly expectedVersion?: number | null;
}

/** A save that may give the version a name and tags (null or unset: keep the current ones). */
export interface SaveRequest extends WriteOptions {
  readonly name?: string | null;
  readonly tags?: readonly string[] | null;
}

export type LoadResult = Result<StoredLevel, LoadError | VersionConflict>;

/** A level that was made (generated or imported), with what the client should know about it. */
export interface MadeLevel {
  readonly level: StoredLevel;
  /** Warnings do not stop the store: what was made differently from what was asked. */
  readonly warnings: readonly string[];
}

/** Why a level could not be made: the engine's failures, and the service's own. */
export const MADE_LEVEL_ERROR_CODES = [
  'INVALID_ID',
  'LEVEL_TOO_LARGE',
  ...LABEL_ERROR_CODES,
] as const;
export type MadeLevelResult = Result<
  MadeLevel,
  Failure<(typeof MADE_LEVEL_ERROR_CODES)[number]> | VersionConflict
>;

export const GENERATE_ERROR_CODES = [...GENERATION_ERROR_CODES, ...MADE_LEVEL_ERROR_CODES] as const;
export type GenerateErrorCode = (typeof GENERATE_ERROR_CODES)[number];
export type GenerateResult = Result<MadeLevel, Failure<GenerateErrorCode> | VersionConflict>;

export const IMPORT_ERROR_CODES = [...MAZE_FORMAT_ERROR_CODES, ...MADE_LEVEL_ERROR_CODES] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];
export type ImportResult = Result<MadeLevel, Failure<ImportErrorCode> | VersionConflict>;

export const REVERT_ERROR_CODES = ['INVALID_ID', 'UNKNOWN_VERSION'] as const;
export type RevertErrorCode = (typeof REVERT_ERROR_CODES)[number];
export type RevertResult = Result<StoredLevel, Failure<RevertErrorCode> | VersionConflict>;

/** A walk played on rows (docs/rules.md: walkLevel). */
export interface WalkAnswer {
  /** Every position of the walk, S first. */
  readonly positions: Position[];
  /** The letters of the keys held at the end, alphabetical. */
  readonly keys: readonly string[];
  readonly steps: number;
  readonly reachedExit: boolean;
  /** The index (from 0) of the first move that was not allowed; null when none was. */
  readonly blockedAt: number | null;
}

export type WalkResult = Result<WalkAnswer, LevelError | MovesError>;

/**
 * Why a copy stored nothing: an id no level can have, the same id twice, no level to copy, or
 * a source larger than this server's size limit now takes.
 */
export const COPY_ERROR_CODES = [
  'INVALID_ID',
  'SAME_ID',
  'UNKNOWN_SOURCE',
  'LEVEL_TOO_LARGE',
] as const;
export type CopyErrorCode = (typeof COPY_ERROR_CODES)[number];
export type CopyResult = Result<StoredLevel, Failure<CopyErrorCode> | VersionConflict>;

/** A level checked without being stored: its rows, under a key no stored level can have. */
export type DraftLevel = StoredLevel;

/** The conflict a conditional save of `id` met (`currentVersion`: what the store holds). */
export function conflict(
  id: string,
  options: WriteOptions,
  { currentVersion }: { currentVersion: number | null },
): VersionConflict {
  const expected = options.expectedVersion ?? 0;
  const message =
    currentVersion === null
      ? `level '${id}' does not exist, the save expected version ${expected}`
      : expected === 0
        ? `level '${id}' exists already (version ${currentVersion}), the save expected none`
        : `level '${id}' is at version ${currentVersion}, the save expected version ${expected}`;
  return { code: 'VERSION_CONFLICT', message, row: null, col: null, currentVersion };
}

export function isMadeLevelErrorCode(
  code: string,
): code is (typeof MADE_LEVEL_ERROR_CODES)[number] {
  return (MADE_LEVEL_ERROR_CODES as readonly string[]).includes(code);
}
