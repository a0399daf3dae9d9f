// The operation names of requests answered without running (a response cache hit): the
// metrics and the request log (plugins/use-metrics.ts) learn an operation's name when it runs,
// and a hit does not run.
export const answeredOperationNames = new WeakMap<Request, string>();
