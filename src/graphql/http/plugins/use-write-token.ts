// Write access (docs/graphql.md, "Write access"). With LABYRINTH_WRITE_TOKEN set, a request may
// run mutations only with `Authorization: Bearer <token>`; without it, anyone may. This plugin
// decides it per request (`context.mayWrite`) and refuses a mutation operation of a request
// that may not write before it runs: 401 UNAUTHENTICATED with no `data` (GraphQL over HTTP:
// an answer with `data` should be 2xx), before it is priced. The Mutation type's auth scope
// (builder.ts, Pothos scope-auth) refuses every mutation field of such a request too, should
// one ever run. The token is compared in constant time (as SHA-256 digests, so that its length
// does not show either) and never logged.
import { createHash, timingSafeEqual } from 'node:crypto';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { unauthenticated } from '../../schema/request-errors.js';

const BEARER = /^Bearer +(\S+) *$/i;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function useWriteToken(token: string | undefined): Plugin<{ mayWrite: boolean }> {
  const expected = token === undefined ? undefined : digest(token);
  const mayWrite = (request: Request): boolean => {
    if (expected === undefined) return true;
    const presented = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
  return {
    onContextBuilding({ context, extendContext }) {
      extendContext({ mayWrite: mayWrite(context.request) });
    },
    onExecute({ args, setResultAndStopExecution }) {
      if (expected === undefined || (args.contextValue as { mayWrite?: boolean }).mayWrite) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      // Located at the first field the request would have run.
      setResultAndStopExecution({
        errors: [unauthenticated(operation.selectionSet.selections[0])],
      });
    },
  };
}
