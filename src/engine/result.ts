// The one shape of an outcome that can fail, from the engine up to GraphQL: either a value, or
// a failure with a stable `code` (what clients branch on) and a `message` (the exact text the
// docs give). Failures about a place in the input also say where: `row`/`col`, 0-based (for a
// level, its glyph; for a text file, its line and column).
//
// Failures are values for mistakes in what a caller gave; exceptions are only for bugs.

export interface Failure<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  /** Where the mistake is, when it has a place (0-based); null otherwise. */
  readonly row: number | null;
  readonly col: number | null;
}

export type Result<T, E extends Failure = Failure> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** A failed result; `row`/`col` default to null (no place). */
export function fail<Code extends string>(
  code: Code,
  message: string,
  row: number | null = null,
  col: number | null = null,
): { readonly ok: false; readonly error: Failure<Code> } {
  return { ok: false, error: { code, message, row, col } };
}

/** The same failure as the result of another type (to pass a failure up unchanged). */
export function failed<E extends Failure>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Applies `next` to the value of a successful result; a failure passes through. */
export function mapResult<T, U, E extends Failure>(
  result: Result<T, E>,
  next: (value: T) => U,
): Result<U, E> {
  return result.ok ? ok(next(result.value)) : result;
}
