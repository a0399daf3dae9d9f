// Operations run on graphql-js's own `execute` and `subscribe`, not on the executor Yoga
// ships (@graphql-tools/executor). That executor's 2.0.1, the last release that runs on
// Node 20, builds each object of the response in the order its fields finish resolving:
// `{ a: level(id: "intro") { version } d: checkLevel(rows: ["S.E"]) { __typename } }`
// answered `d` before `a`. The GraphQL spec orders a response map as its selection set
// (test/graphql/field-order.test.ts checks it for every root field). graphql-js keeps that
// order; neither @defer nor @stream is in this schema, so nothing Yoga's executor adds is lost.
import { execute, subscribe } from 'graphql';
import type { Plugin } from 'graphql-yoga';

type ExecuteFn = Parameters<Parameters<NonNullable<Plugin['onExecute']>>[0]['setExecuteFn']>[0];
type SubscribeFn = Parameters<
  Parameters<NonNullable<Plugin['onSubscribe']>>[0]['setSubscribeFn']
>[0];

export function useGraphqlJs(): Plugin {
  return {
    onExecute({ setExecuteFn }) {
      setExecuteFn(execute as ExecuteFn);
    },
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(subscribe as SubscribeFn);
    },
  };
}
