// Where each request's deadline stops (the deadline: ../schema/deadline.ts; REQUEST_TIMEOUT_MS,
// docs/graphql.md "Deadlines"). A query or a mutation is abandoned when it passes; a
// subscription has none: it lasts as long as its client stays connected.
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../schema/context.js';
import { deadlineOf } from '../schema/deadline.js';

/**
 * Stops the deadline of a subscription when it starts, and of every request when its response
 * is made (a request refused before it runs leaves no timer behind).
 */
export function useDeadline(): Plugin<Context> {
  return {
    onSubscribe({ args }) {
      args.contextValue.deadline.stop();
    },
    onResponse({ request }) {
      deadlineOf(request)?.stop();
    },
  };
}
