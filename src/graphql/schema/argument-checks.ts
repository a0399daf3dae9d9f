// Argument checks attached where a field is defined (`extensions: checkArgs(…)`, beside its
// price): the values a field can judge without running (`first`, `after`, how many ids, a
// text's size) are judged by execution/use-argument-checks.ts before anything executes, so a
// bad one refuses the request instead of nulling `data` after its siblings were computed. A
// check throws badInput; the field's resolver runs the same check again (it also serves
// in-process callers, and costs nothing).

/** Judges a field's arguments (as coerced); throws badInput when one cannot be used. */
export type ArgumentCheck = (args: Record<string, unknown>) => void;

/** The key of a field's `extensions` that holds its check. */
const CHECK_KEY = 'argumentCheck';

/** Field `extensions` holding a check (spread beside the field's price). */
export type CheckExtension = { readonly [CHECK_KEY]: ArgumentCheck };

/** The check of a field whose arguments are `Args`, as coerced. */
export function checkArgs<Args>(check: (args: Args) => void): CheckExtension {
  return { [CHECK_KEY]: check as ArgumentCheck };
}

/** The check attached to a field of the schema; undefined when it has none. */
export function argumentCheckOf(field: {
  readonly extensions?: Readonly<Record<string, unknown>> | null;
}): ArgumentCheck | undefined {
  const check = field.extensions?.[CHECK_KEY];
  return typeof check === 'function' ? (check as ArgumentCheck) : undefined;
}
