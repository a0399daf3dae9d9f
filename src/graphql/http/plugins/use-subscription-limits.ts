// What a subscription may hold while it lasts. A query's request is let go of once answered;
// a subscription's (its document, variables, operation name and extensions) is kept for as
// long as its stream is open, so 300 streams whose requests carried 1 MB strings held 1.2 GB.
// A subscription's request is refused over a small size (docs/graphql.md, "Live changes").
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { createRequestError } from '../../schema/request-errors.js';

/** Bytes of a subscription's request: its query, variables, operation name and extensions. */
export const MAX_SUBSCRIPTION_REQUEST_BYTES = 16 * 1024;

/** The bytes of what the client sent that the subscription would keep. */
export function requestBytes(params: YogaInitialContext['params']): number {
  const text = (value: unknown): number =>
    value === undefined || value === null
      ? 0
      : Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));
  return (
    text(params.query) +
    text(params.operationName) +
    text(params.variables) +
    text(params.extensions)
  );
}

export function useSubscriptionLimits(maxBytes = MAX_SUBSCRIPTION_REQUEST_BYTES): Plugin {
  return {
    onSubscribe({ args, setResultAndStopExecution }) {
      const params = (args.contextValue as Partial<YogaInitialContext>).params;
      if (params === undefined || requestBytes(params) <= maxBytes) return;
      setResultAndStopExecution({
        errors: [
          createRequestError(
            `a subscription's request (query, variables, operation name and extensions) may ` +
              `hold at most ${maxBytes} bytes: it is kept while the subscription lasts`,
            { extensions: { code: 'SUBSCRIPTION_TOO_LARGE', http: { status: 413 } } },
          ),
        ],
      });
    },
  };
}
