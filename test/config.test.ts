import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { serveConfig } from '../src/cli/serve-options.js';
import { ConfigError, arrivalTimeouts, configFromEnv, parsePort } from '../src/config.js';

/** Every default, written out: the typed config has each of them set. */
const defaults = {
  port: 4000,
  host: '127.0.0.1',
  dataDir: './data',
  corsOrigins: [],
  graphiql: true,
  introspection: true,
  persistedOnly: false,
  instances: 1,
  solverThreads: availableParallelism(),
  solverNice: 10,
  maxSolveCost: 100_000_000,
  maxResponseBytes: 16_000_000,
  maxCrusadeCost: 2_000_000,
  requestTimeoutMs: 30_000,
  httpRequestTimeoutMs: 30_000,
  httpHeadersTimeoutMs: 10_000,
  memoMaxBytes: 128 * 1024 * 1024,
  responseCacheMaxBytes: 16 * 1024 * 1024,
  maxSubscriptions: 1000,
  maxSubscriptionsPerClient: 16,
  logRequests: true,
  historyLimit: 100,
  pgPoolMax: 10,
};

describe('configFromEnv', () => {
  it('takes the defaults when nothing is set, and empty variables count as unset', () => {
    // Exactly these fields: the ones without a default are not there at all.
    expect(Object.keys(configFromEnv({})).sort()).toEqual(Object.keys(defaults).sort());
    expect(configFromEnv({})).toEqual(defaults);
    expect(
      configFromEnv({
        PORT: '',
        DATA_DIR: '',
        DATABASE_URL: '',
        HOST: '',
        CORS_ORIGINS: '',
        ALLOWED_HOSTS: '',
        LABYRINTH_WRITE_TOKEN: '',
        GRAPHIQL: '',
        INTROSPECTION: '',
      }),
    ).toEqual(defaults);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    expect(
      configFromEnv({ PORT: '0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://db/test' }),
    ).toEqual({ ...defaults, port: 0, dataDir: '/tmp/x', databaseUrl: 'postgres://db/test' });
  });

  it('reads HOST, CORS_ORIGINS, LABYRINTH_WRITE_TOKEN, GRAPHIQL and INTROSPECTION', () => {
    expect(
      configFromEnv({
        HOST: '0.0.0.0',
        CORS_ORIGINS: 'https://levels.example, http://localhost:3000',
        LABYRINTH_WRITE_TOKEN: 'a-long-secret-token.1234',
        GRAPHIQL: '0',
        INTROSPECTION: 'false',
      }),
    ).toMatchObject({
      host: '0.0.0.0',
      corsOrigins: ['https://levels.example', 'http://localhost:3000'],
      writeToken: 'a-long-secret-token.1234',
      graphiql: false,
      introspection: false,
    });
    expect(configFromEnv({ HOST: '::1', CORS_ORIGINS: '*', GRAPHIQL: '1' })).toMatchObject({
      host: '::1',
      corsOrigins: ['*'],
      graphiql: true,
    });
    expect(configFromEnv({ HOST: 'localhost' }).host).toBe('localhost');
  });

  it.each(['two words', 'exa mple.com', '-bad.example', '127.0.0.1:80'])(
    'refuses HOST=%j in one line',
    (host) => {
      expect(() => configFromEnv({ HOST: host })).toThrow(
        new ConfigError(`HOST must be an IP address or a host name, got '${host}'`),
      );
    },
  );

  it.each([
    'example.com',
    'https://example.com/',
    'https://example.com/path',
    'ftp://example.com',
    'https://example.com,',
    'null',
  ])('refuses CORS_ORIGINS=%j in one line', (origins) => {
    expect(() => configFromEnv({ CORS_ORIGINS: origins })).toThrow(
      new ConfigError(
        'CORS_ORIGINS must be origins like https://example.com or http://localhost:3000 ' +
          `(scheme, host and port only), separated by commas, or *; got '${origins}'`,
      ),
    );
  });

  it('reads ALLOWED_HOSTS: names and addresses, IPv6 with or without brackets, or *', () => {
    expect(
      configFromEnv({ ALLOWED_HOSTS: 'levels.example, 10.0.0.5,::1,[fe80::1]' }),
    ).toMatchObject({ allowedHosts: ['levels.example', '10.0.0.5', '::1', '[fe80::1]'] });
    expect(configFromEnv({ ALLOWED_HOSTS: '*' }).allowedHosts).toEqual(['*']);
  });

  it.each(['levels.example:4000', 'http://levels.example', 'a b', 'levels.example,', '[10.0.0.1]'])(
    'refuses ALLOWED_HOSTS=%j in one line',
    (hosts) => {
      expect(() => configFromEnv({ ALLOWED_HOSTS: hosts })).toThrow(
        new ConfigError(
          'ALLOWED_HOSTS must be host names or IP addresses separated by commas (no ports), ' +
            `or *; got '${hosts}'`,
        ),
      );
    },
  );

  it.each(['short', 'has spaces in it, sixteen+', 'quote"d-token-1234567'])(
    'refuses LABYRINTH_WRITE_TOKEN=%j without repeating it',
    (token) => {
      const refusal = new ConfigError(
        'LABYRINTH_WRITE_TOKEN must be at least 16 characters of letters, digits and -._~+/= ' +
          `(got ${token.length} characters, not shown)`,
      );
      expect(() => configFromEnv({ LABYRINTH_WRITE_TOKEN: token })).toThrow(refusal);
    },
  );

  it.each([
    ['GRAPHIQL', 'yes'],
    ['INTROSPECTION', 'off'],
  ])('refuses %s=%j in one line', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(
      new ConfigError(`${name} must be 0, 1, true or false, got '${value}'`),
    );
  });

  it.each(['abc', '-1', '65536', '4000.5', ' 80'])('refuses PORT=%j in one line', (port) => {
    expect(() => configFromEnv({ PORT: port })).toThrow(
      new ConfigError(`PORT must be a whole number from 0 to 65535, got '${port}'`),
    );
  });

  it('gives each instance its share of the cores as SOLVER_THREADS, unless it is set', () => {
    const share = Math.max(1, Math.floor(availableParallelism() / 3));
    expect(configFromEnv({ INSTANCES: '3' }).solverThreads).toBe(share);
    expect(configFromEnv({ INSTANCES: '3', SOLVER_THREADS: '0' }).solverThreads).toBe(0);
    expect(configFromEnv({ INSTANCES: 'auto' }).solverThreads).toBe(1);
    // --instances on the command line counts as INSTANCES does.
    expect(serveConfig(['--instances', '3'], {})).toMatchObject({
      instances: 3,
      solverThreads: share,
    });
    expect(serveConfig(['--instances', '3'], { SOLVER_THREADS: '5' }).solverThreads).toBe(5);
  });

  it('reads MAX_SUBSCRIPTIONS, a whole number from 1', () => {
    expect(configFromEnv({ MAX_SUBSCRIPTIONS: '25' }).maxSubscriptions).toBe(25);
    expect(() => configFromEnv({ MAX_SUBSCRIPTIONS: '0' })).toThrow(
      new ConfigError("MAX_SUBSCRIPTIONS must be a whole number from 1, got '0'"),
    );
  });

  it('reads MAX_SUBSCRIPTIONS_PER_CLIENT, a whole number from 1 (unset: the default 16)', () => {
    expect(configFromEnv({}).maxSubscriptionsPerClient).toBe(16);
    expect(configFromEnv({ MAX_SUBSCRIPTIONS_PER_CLIENT: '40' }).maxSubscriptionsPerClient).toBe(
      40,
    );
    expect(() => configFromEnv({ MAX_SUBSCRIPTIONS_PER_CLIENT: '0' })).toThrow(
      new ConfigError("MAX_SUBSCRIPTIONS_PER_CLIENT must be a whole number from 1, got '0'"),
    );
  });

  it('reads HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS: 10 s and 30 s by default', () => {
    expect(arrivalTimeouts(configFromEnv({}))).toEqual([10_000, 30_000]);
    const both = { HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '5000' };
    expect(configFromEnv(both)).toMatchObject({
      httpHeadersTimeoutMs: 2000,
      httpRequestTimeoutMs: 5000,
    });
    expect(arrivalTimeouts(configFromEnv(both))).toEqual([2000, 5000]);
    // A whole request shorter than the default headers timeout shortens that one too.
    expect(arrivalTimeouts(configFromEnv({ HTTP_REQUEST_TIMEOUT_MS: '4000' }))).toEqual([
      4000, 4000,
    ]);
    expect(() => configFromEnv({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      new ConfigError(
        'HTTP_HEADERS_TIMEOUT_MS (40000) must not be longer than HTTP_REQUEST_TIMEOUT_MS ' +
          '(30000): the headers are part of the request',
      ),
    );
    expect(() => configFromEnv({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      new ConfigError("HTTP_REQUEST_TIMEOUT_MS must be a whole number from 1, got '0'"),
    );
  });

  it('names the flag the port came from', () => {
    expect(parsePort('65535', '--port')).toBe(65535);
    expect(() => parsePort('x', '--port')).toThrow(
      "--port must be a whole number from 0 to 65535, got 'x'",
    );
  });
});
