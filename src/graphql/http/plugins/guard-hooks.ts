// A plugin's onRequest and onResponse hooks run in the HTTP adapter, outside Yoga's error
// masking: an exception there is sent to the client as a 500 whose body is the stack trace.
// Wrapped, a failing hook answers what Yoga answers for any internal error ("Unexpected
// error.", INTERNAL_SERVER_ERROR) and the stack goes to the server's log only.
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from '../error-response.js';
import { internalError } from '../../schema/request-errors.js';

type RequestHook = NonNullable<Plugin['onRequest']>;

function described(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function guardHooks<P extends Pick<Plugin, 'onRequest' | 'onResponse'>>(
  plugin: P,
  report: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): P {
  const { onRequest, onResponse } = plugin;
  const guarded: P = { ...plugin };
  if (onRequest) {
    const answer = (payload: Parameters<RequestHook>[0], error: unknown): void => {
      report(
        `labyrinth server: internal error answering ${payload.url.pathname}: ${described(error)}`,
      );
      payload.endResponse(errorResponse(payload.request, internalError(), payload.fetchAPI));
    };
    guarded.onRequest = (payload) => {
      try {
        const result = onRequest(payload);
        return result instanceof Promise ? result.catch((error) => answer(payload, error)) : result;
      } catch (error) {
        answer(payload, error);
      }
    };
  }
  if (onResponse) {
    // The response is already made: a failing hook can only be reported.
    const fail = (error: unknown) =>
      report(`labyrinth server: internal error: ${described(error)}`);
    guarded.onResponse = (payload) => {
      try {
        const result = onResponse(payload);
        return result instanceof Promise ? result.catch(fail) : result;
      } catch (error) {
        fail(error);
      }
    };
  }
  return guarded;
}
