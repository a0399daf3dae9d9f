import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, parsePort } from '../src/config.js';

describe('configFromEnv', () => {
  it('takes the defaults when nothing is set, and empty variables count as unset', () => {
    const defaults = { port: 4000, dataDir: './data', databaseUrl: undefined };
    expect(configFromEnv({})).toEqual(defaults);
    expect(configFromEnv({ PORT: '', DATA_DIR: '', DATABASE_URL: '' })).toEqual(defaults);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    expect(
      configFromEnv({ PORT: '0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://db/test' }),
    ).toEqual({ port: 0, dataDir: '/tmp/x', databaseUrl: 'postgres://db/test' });
  });

  it.each(['abc', '-1', '65536', '4000.5', ' 80'])('refuses PORT=%j in one line', (port) => {
    expect(() => configFromEnv({ PORT: port })).toThrow(
      new ConfigError(`PORT must be a whole number from 0 to 65535, got '${port}'`),
    );
  });

  it('names the flag the port came from', () => {
    expect(parsePort('65535', '--port')).toBe(65535);
    expect(() => parsePort('x', '--port')).toThrow(
      "--port must be a whole number from 0 to 65535, got 'x'",
    );
  });
});
