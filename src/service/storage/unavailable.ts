// Whether an error means the database cannot be reached now (down, restarting, the network,
// a lock held too long): the request can be tried again, and says so, instead of a masked
// internal error.

/** Node's network errors, and PostgreSQL's connection and shutdown classes (SQLSTATE 08, 57P). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
]);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

export function isStoreUnavailable(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    const { message } = cause;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    cause = (cause as { originalError?: unknown }).originalError ?? cause.cause;
  }
  return false;
}
