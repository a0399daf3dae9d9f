// `npm run make-levels -- [--count N] [--prefix NAME] [--size N] [--keys N]`: makes a batch of
// generated levels through the GraphQL API, as a script of a studio would.
//
// - The documents are typed: examples/scripts/make-levels.graphql, compiled by codegen.ts
//   into examples/scripts/gql/ (`npm run codegen`).
// - Every save sends `expectedVersion` (the version read just before, 0 for a new id), so it
//   never overwrites a save made by someone else in between: a VersionConflict is reported.
// - The server is LABYRINTH_URL (default http://localhost:4000/graphql); when the server wants
//   a write token, LABYRINTH_WRITE_TOKEN is sent as `Authorization: Bearer …`.
import { GraphQLClient } from 'graphql-request';
import { CurrentVersionDocument, MakeLevelDocument } from './gql/graphql.js';

interface Options {
  readonly count: number;
  readonly prefix: string;
  readonly size: number;
  readonly keys: number;
}

const USAGE =
  'usage: npm run make-levels -- [--count N] [--prefix NAME] [--size N] [--keys N]\n' +
  '  env LABYRINTH_URL (default http://localhost:4000/graphql), LABYRINTH_WRITE_TOKEN';

/** The options, or 'help' when --help (or -h) asks for the usage. */
function parseArgs(args: readonly string[]): Options | 'help' {
  if (args.includes('--help') || args.includes('-h')) return 'help';
  const options = { count: 10, prefix: 'batch', size: 12, keys: 0 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--prefix') options.prefix = value;
    else if (flag === '--count' || flag === '--size' || flag === '--keys') {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a whole number, got '${value}'`);
      options[flag.slice(2) as 'count' | 'size' | 'keys'] = Number(value);
    } else throw new Error(`unknown option '${flag}'\n${USAGE}`);
  }
  return options;
}

/** Makes the levels; answers how many could not be made. */
export async function makeLevels(
  client: GraphQLClient,
  options: Options,
  log: (line: string) => void,
): Promise<number> {
  let failures = 0;
  for (let i = 1; i <= options.count; i++) {
    const id = `${options.prefix}-${i}`;
    const { level } = await client.request(CurrentVersionDocument, { id });
    const expectedVersion = level?.version ?? 0;
    const { generateLevel: made } = await client.request(MakeLevelDocument, {
      id,
      expectedVersion,
      input: { width: options.size, height: options.size, seed: i, keys: options.keys },
    });
    if (made.__typename === 'GeneratedLevel') {
      // The same input makes the same level: the server then keeps the version it has.
      const same = made.level.version === expectedVersion ? ' (unchanged)' : '';
      log(`${id}: version ${made.level.version}${same}, ${made.level.steps} steps`);
    } else {
      failures++;
      log(`${id}: not made: ${made.message}`);
    }
  }
  return failures;
}

/** What the usual network error codes mean, in words. */
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
};

/**
 * A failed request in one line that says which server: fetch's own message is only
 * "fetch failed", with what happened (ECONNREFUSED, ENOTFOUND, …) in its cause.
 */
export function requestFailure(url: string, error: unknown): string {
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = error.cause as NodeJS.ErrnoException | undefined;
    const why =
      (cause?.code !== undefined ? NETWORK_ERRORS[cause.code] : undefined) ??
      cause?.message ??
      'no answer';
    return `cannot reach ${url} (${why}): is the server running? (npm start; LABYRINTH_URL names another)`;
  }
  return `${url}: ${error instanceof Error ? error.message : String(error)}`;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const url = process.env.LABYRINTH_URL || 'http://localhost:4000/graphql';
  if (!URL.canParse(url)) throw new Error(`LABYRINTH_URL is not a URL: '${url}'`);
  const token = process.env.LABYRINTH_WRITE_TOKEN;
  const client = new GraphQLClient(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  try {
    const failures = await makeLevels(client, options, (line) => console.log(line));
    return failures === 0 ? 0 : 1;
  } catch (error) {
    throw new Error(requestFailure(url, error));
  }
}

// Run as a script (not when a test imports makeLevels).
if (process.argv[1]?.endsWith('make-levels.js')) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`make-levels: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
