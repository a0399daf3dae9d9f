// `/metrics` in the Prometheus text format (the service's registry: solver, memo, pool, store
// reads, and here the request durations), and one JSON log line per GraphQL request: its
// operation, status, outcome and duration, never its variables (level rows stay out of logs).
// Operation names are the client's: the label takes them from a bounded set (BoundedLabels)
// and the log line cuts them short (cutForLog), so neither grows with what a client sends.
import { type GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Histogram, type Registry } from 'prom-client';
import { BoundedLabels, CLIENT_LABELS } from '../../../service/index.js';
import { answeredOperationNames } from '../operation-names.js';

/** Text from a client as a log line keeps it: at most `max` characters, then `…`. */
export function cutForLog(text: string, max: number = CLIENT_LABELS.maxLength): string {
  if (text.length <= max) return text;
  // Never half of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

interface RequestFacts {
  readonly started: number;
  operation: string;
  outcome: string | undefined;
}

/** The outcome label of a result: its first error's code, else `ok`. */
function outcomeOf(errors: readonly GraphQLError[] | undefined): string {
  if (!errors || errors.length === 0) return 'ok';
  const code = errors[0].extensions?.code;
  return typeof code === 'string' ? code.toLowerCase() : 'error';
}

export function useMetrics(
  registry: Registry,
  graphqlPath: string,
  log: ((line: string) => void) | undefined,
): Plugin {
  const duration = new Histogram({
    name: 'labyrinth_request_seconds',
    help: 'Time to answer a GraphQL request, by operation name and outcome',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const requests = new WeakMap<Request, RequestFacts>();
  const operations = new BoundedLabels();
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname === '/metrics') {
        return registry
          .metrics()
          .then((text) =>
            endResponse(
              new fetchAPI.Response(text, { headers: { 'content-type': registry.contentType } }),
            ),
          );
      }
      if (url.pathname === graphqlPath) {
        requests.set(request, { started: performance.now(), operation: '', outcome: undefined });
      }
    },
    onExecute({ args }) {
      // The operation's own name (a client need not send operationName beside the query).
      const { request } = args.contextValue as { request?: Request };
      const facts = request && requests.get(request);
      const name = getOperationAST(args.document, args.operationName)?.name?.value;
      if (facts && name) facts.operation = name;
    },
    onResultProcess({ request, result }) {
      const facts = requests.get(request);
      // Answered from the response cache: it did not run, the cache knows its name.
      if (facts && !facts.operation) facts.operation = answeredOperationNames.get(request) ?? '';
      if (facts && !Array.isArray(result) && 'errors' in result) {
        facts.outcome = outcomeOf(result.errors as readonly GraphQLError[] | undefined);
      } else if (facts) {
        facts.outcome = 'ok';
      }
    },
    onResponse({ request, response }) {
      const facts = requests.get(request);
      if (!facts) return;
      const seconds = (performance.now() - facts.started) / 1000;
      const outcome = facts.outcome ?? (response.status < 400 ? 'ok' : `http_${response.status}`);
      duration.observe(
        { operation: facts.operation ? operations.label(facts.operation) : 'anonymous', outcome },
        seconds,
      );
      log?.(
        JSON.stringify({
          time: new Date().toISOString(),
          msg: 'request',
          method: request.method,
          operation: facts.operation ? cutForLog(facts.operation) : null,
          status: response.status,
          outcome,
          durationMs: Math.round(seconds * 10_000) / 10,
        }),
      );
    },
  };
}
