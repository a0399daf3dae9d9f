// The service is full for now: the caller should try again after a while (HTTP 503 with
// Retry-After, src/graphql/schema/request-errors.ts).

export class ServiceBusyError extends Error {
  constructor(
    message: string,
    /** When trying again makes sense. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
