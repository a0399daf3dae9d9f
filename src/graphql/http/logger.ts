// Yoga's logger, with the store's faults in one line. While the database is away every request
// fails alike, and a stack trace for each would bury the log; such a failure is no bug (the
// client got 503, request-errors.ts storeRefusal). Every other error is logged as Yoga logs it.
import { type YogaLogger, createLogger } from 'graphql-yoga';
import { storeFault } from '../../service/index.js';

/** At most this much of a fault's message goes into its line. */
const MAX_MESSAGE = 200;

export function storeFaultsInOneLine(base: YogaLogger = createLogger()): YogaLogger {
  return {
    ...base,
    error: (...args: unknown[]) => {
      const fault = args.length === 1 ? storeFault(args[0]) : undefined;
      if (fault === undefined) {
        base.error(...args);
        return;
      }
      base.warn(`a request failed on the store (${fault}): ${faultLine(args[0])}`);
    },
  };
}

/** The deepest cause's code and first line of message: what the store said. */
function faultLine(error: unknown): string {
  let cause = error;
  for (let depth = 0; depth < 5; depth++) {
    const next = (cause as { originalError?: unknown; cause?: unknown } | null)?.originalError;
    const inner = next ?? (cause as { cause?: unknown } | null)?.cause;
    if (!(inner instanceof Error)) break;
    cause = inner;
  }
  const code = (cause as { code?: unknown }).code;
  const message = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0]!;
  const cut = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  return typeof code === 'string' ? `${code} ${cut}` : cut;
}
