// Which errors are the store's (unavailable.ts): what a request is answered (DATABASE_UNAVAILABLE
// or STORE_UNAVAILABLE, request-errors.ts) and whether the store is ready depend on it.
import { describe, expect, it } from 'vitest';
import { storeFault } from '../../src/service/storage/unavailable.js';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('storeFault', () => {
  it.each([
    ['ECONNREFUSED', 'UNREACHABLE'],
    ['57P01', 'UNREACHABLE'],
    ['55000', 'UNREACHABLE'],
    ['53300', 'UNREACHABLE'],
    ['57014', 'UNREACHABLE'],
    ['55P03', 'UNREACHABLE'],
    ['SQLITE_BUSY', 'UNREACHABLE'],
    ['SQLITE_BUSY_SNAPSHOT', 'UNREACHABLE'],
    ['SQLITE_FULL', 'CANNOT_WRITE'],
    ['SQLITE_READONLY', 'CANNOT_WRITE'],
    ['SQLITE_READONLY_DBMOVED', 'CANNOT_WRITE'],
    ['SQLITE_IOERR_WRITE', 'CANNOT_WRITE'],
    ['SQLITE_CANTOPEN', 'CANNOT_WRITE'],
    ['ENOSPC', 'CANNOT_WRITE'],
    ['EROFS', 'CANNOT_WRITE'],
    ['53100', 'CANNOT_WRITE'],
    ['25006', 'CANNOT_WRITE'],
    ['23505', undefined],
    ['SQLITE_CONSTRAINT_PRIMARYKEY', undefined],
    ['SQLITE_ERROR', undefined],
    ['ENOENT', undefined],
  ])('%s is %s', (code, fault) => {
    expect(storeFault(coded(code))).toBe(fault);
  });

  it('looks through the causes and GraphQL’s original errors', () => {
    const wrapped = new Error('resolver failed', { cause: coded('SQLITE_FULL') });
    expect(storeFault(wrapped)).toBe('CANNOT_WRITE');
    expect(storeFault(Object.assign(new Error('masked'), { originalError: wrapped }))).toBe(
      'CANNOT_WRITE',
    );
    expect(storeFault(new Error('Connection terminated unexpectedly'))).toBe('UNREACHABLE');
    expect(storeFault(new Error('a bug'))).toBeUndefined();
    expect(storeFault('not an error')).toBeUndefined();
  });
});
