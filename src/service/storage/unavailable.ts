// Whether an error is the store's and not the request's: the database cannot be reached now
// (down, restarting, refusing connections, the network, a lock held too long), or it cannot
// write (the disk is full, the data directory or the database is read-only, an I/O error).
// The request can be tried again, and says so (request-errors.ts storeRefusal), instead of a
// masked internal error; a store that cannot write is not ready (kysely-store.ts).

/** What is wrong with the store: out of reach, or there but unable to write. */
export type StoreFault = 'UNREACHABLE' | 'CANNOT_WRITE';

/**
 * Node's network errors, and PostgreSQL's connection and shutdown classes (SQLSTATE 08, 57P),
 * too many connections (53300), a database not accepting connections (55000, as
 * `allow_connections = false` or a database being dropped answers: the store never runs a
 * statement that could get 55000 for any other reason), and a statement that did not end in
 * time (57014 from `statement_timeout`, 55P03 from `lock_timeout`: a database too slow or
 * held by a lock now, which answered "Unexpected error." before).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: "database … is not currently accepting connections"
  '57014', // query_canceled: PG_STATEMENT_TIMEOUT_MS passed (the statement and its transaction undone)
  '55P03', // lock_not_available: a lock_timeout set on the role passed
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
]);

/**
 * A full disk, a read-only file system or database, an I/O error: SQLite's result codes (and
 * their extended forms, `SQLITE_IOERR_WRITE`…), the file system's errno names, PostgreSQL's
 * disk_full (53100), read_only_sql_transaction (25006: a standby after a failover) and
 * io_error (58030).
 */
const CANNOT_WRITE_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'ENOSPC',
  'EROFS',
  'EDQUOT',
  'EIO',
  '53100',
  '25006',
  '58030',
]);

const UNREACHABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

function faultOfCode(code: string): StoreFault | undefined {
  // SQLite's extended codes start with their primary code: SQLITE_READONLY_DBMOVED.
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code;
  if (UNREACHABLE_CODES.has(primary)) return 'UNREACHABLE';
  if (CANNOT_WRITE_CODES.has(primary)) return 'CANNOT_WRITE';
  return undefined;
}

/** The store's fault behind `error` (or its causes), undefined when it is not the store's. */
export function storeFault(error: unknown): StoreFault | undefined {
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    const fault = typeof code === 'string' ? faultOfCode(code) : undefined;
    if (fault !== undefined) return fault;
    const { message } = cause;
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return 'UNREACHABLE';
    }
    cause = (cause as { originalError?: unknown }).originalError ?? cause.cause;
  }
  return undefined;
}
