// The response cache and HTTP caching of answers (docs/graphql.md, "Caching").
//
// A query whose answer may be kept (response-cache.ts, cachePlan) is kept under its document,
// operation name and variables, with the current versions of the levels it read, read from the
// store before anything else of the request. A request with the same key is answered from the
// cache, before its document is even parsed, when one read of those levels' current versions
// (the read every answer of a current level makes anyway) finds them unchanged: a save, revert
// or delete through any instance sharing the store changes the version, so the next read
// anywhere misses, with no wait for that instance's events. Versions are never reused, so a
// version that matches names the rows the answer was made of.
//
// Over GET, an answer without errors carries a weak ETag of its data, and a matching
// If-None-Match answers 304. An operation that reads only stored versions (which never change)
// is `Cache-Control: public, max-age=RESPONSE_MAX_AGE_S, immutable`; any other, `no-cache`.
import { createHash } from 'node:crypto';
import { type ExecutionResult, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type LevelStore, Lru, andThen } from '../../../service/index.js';
import { answeredOperationNames } from '../operation-names.js';
import { type CachePlan, cachePlan } from '../../execution/response-cache.js';

/** Answers the response cache holds at most (besides RESPONSE_CACHE_MAX_BYTES of them). */
export const RESPONSE_CACHE_MAX_ENTRIES = 10_000;
/** The default of RESPONSE_CACHE_MAX_BYTES: 16 MiB of answers' JSON. */
export const DEFAULT_RESPONSE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** How long a GET answer of stored versions only may be kept by browsers and proxies: a year. */
export const RESPONSE_MAX_AGE_S = 365 * 24 * 60 * 60;

interface Entry {
  /** The answer as a hit returns it (extensions.cost: nothing solved). */
  readonly result: ExecutionResult;
  readonly plan: CachePlan;
  /** The current version of each of `plan.ids` (undefined: no such level) when it was made. */
  readonly versions: ReadonlyArray<number | undefined>;
  readonly etag: string;
  /** The operation's own name, for the metrics and the request log. */
  readonly operation: string | undefined;
}

/** What this plugin knows of one request, from its parameters to its response. */
interface Pending {
  readonly key: string | undefined;
  hit?: Entry;
  plan?: CachePlan | null;
  versions?: ReadonlyArray<number | undefined>;
  operation?: string;
  /** The HTTP caching headers of its response (GET, no errors). */
  http?: { etag: string; immutable: boolean };
}

function sameVersions(
  a: ReadonlyArray<number | undefined>,
  b: ReadonlyArray<number | undefined>,
): boolean {
  return a.length === b.length && a.every((version, i) => version === b[i]);
}

function etagOf(data: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(data)).digest('base64url')}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** A hit answers what it costs now: nothing solved or played, the same response bytes. */
function asHit(result: ExecutionResult): ExecutionResult {
  const cost = result.extensions?.cost as Record<string, number> | undefined;
  if (cost === undefined) return result;
  return {
    ...result,
    extensions: { ...result.extensions, cost: { ...cost, solve: 0, crusade: 0 } },
  };
}

export interface ResponseCacheOptions {
  /** Bytes of answers' JSON kept at most; 0: no response cache (HTTP caching stays). */
  readonly maxBytes: number;
}

export function useResponseCache(store: LevelStore, options: ResponseCacheOptions): Plugin {
  const cache =
    options.maxBytes > 0 ? new Lru<Entry>(RESPONSE_CACHE_MAX_ENTRIES, options.maxBytes) : null;
  const requests = new WeakMap<Request, Pending>();
  // A store that cannot answer now (down, or refusing) makes a miss: the request runs as if
  // there were no cache, and its fields say what the store said.
  const versionsOf = (
    ids: readonly string[],
  ):
    | ReadonlyArray<number | undefined>
    | null
    | Promise<ReadonlyArray<number | undefined> | null> => {
    if (ids.length === 0) return [];
    try {
      const read = store.versions(ids);
      return read instanceof Promise ? read.catch(() => null) : read;
    } catch {
      return null;
    }
  };
  return {
    onParams({ request, params, setResult }) {
      const key =
        cache && typeof params.query === 'string'
          ? JSON.stringify([params.operationName ?? null, params.query, params.variables ?? null])
          : undefined;
      const pending: Pending = { key };
      requests.set(request, pending);
      const entry = key === undefined ? undefined : cache!.get(key);
      if (entry === undefined) return;
      return andThen(versionsOf(entry.plan.ids), (versions) => {
        if (versions === null) return;
        if (!sameVersions(versions, entry.versions)) {
          cache!.delete(key!);
          return;
        }
        pending.hit = entry;
        if (entry.operation !== undefined) answeredOperationNames.set(request, entry.operation);
        setResult(entry.result);
      }) as void | Promise<void>;
    },
    // Before any other plugin reads a level of the request (the budget): the versions read
    // here are at most those the answer is made of, so a newer save can only make it miss.
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const pending = request && requests.get(request);
      if (!pending) return;
      const plan = cachePlan(args.schema, args.document, args.operationName, args.variableValues);
      pending.plan = plan;
      if (plan === null || pending.key === undefined) return;
      pending.operation = getOperationAST(args.document, args.operationName)?.name?.value;
      return andThen(versionsOf(plan.ids), (versions) => {
        if (versions !== null) pending.versions = versions;
      }) as void | Promise<void>;
    },
    onResultProcess({ request, result }) {
      const pending = requests.get(request);
      if (!pending) return;
      if (pending.hit) {
        pending.http = { etag: pending.hit.etag, immutable: pending.hit.plan.immutable };
        return;
      }
      const plan = pending.plan;
      if (!plan || Array.isArray(result) || Symbol.asyncIterator in result) return;
      const single = result as ExecutionResult;
      if (single.errors?.length || single.data == null) return;
      const etag = etagOf(single.data);
      pending.http = { etag, immutable: plan.immutable };
      if (pending.key === undefined || pending.versions === undefined) return;
      const hit = asHit(single);
      const bytes = pending.key.length + JSON.stringify(hit).length;
      if (bytes > options.maxBytes) return;
      cache!.set(
        pending.key,
        { result: hit, plan, versions: pending.versions, etag, operation: pending.operation },
        bytes,
      );
    },
    onResponse({ request, response, setResponse, fetchAPI }) {
      const http = requests.get(request)?.http;
      if (request.method !== 'GET' || http === undefined || response.status !== 200) return;
      response.headers.set('etag', http.etag);
      response.headers.set(
        'cache-control',
        http.immutable ? `public, max-age=${RESPONSE_MAX_AGE_S}, immutable` : 'no-cache',
      );
      if (!matches(request.headers.get('if-none-match'), http.etag)) return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      setResponse(new fetchAPI.Response(null, { status: 304, headers }));
    },
  };
}
