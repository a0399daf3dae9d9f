// The service's callers (GraphQL, the CLI) see the engine's one result shape through here.
export { type Failure, type Result, ok, fail, failed, mapResult } from '../engine/result.js';
