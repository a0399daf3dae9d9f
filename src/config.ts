// The server's configuration from the environment, checked with one zod schema: every
// variable, its default and the exact text of its error live here. An empty variable counts
// as unset, as shells and process managers often export empty values.
import { z } from 'zod';

/** Thrown for bad configuration: reported in one line, exit code 1. */
export class ConfigError extends Error {}

export interface ServerConfig {
  /** 0 picks a free port (the log line names it). */
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  /** After this long, shutdown closes the connections still open and gives up waiting. */
  readonly shutdownTimeoutMs?: number;
}

/** A TCP port given as text; `name` is how the user wrote it (PORT, --port). */
const portText = (name: string) =>
  z
    .string()
    .refine((text) => /^\d+$/.test(text) && Number(text) <= 65535, {
      error: (issue) =>
        `${name} must be a whole number from 0 to 65535, got '${String(issue.input)}'`,
    })
    .transform(Number);

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const environment = z.object({
  PORT: z.preprocess(unsetIfEmpty, portText('PORT').default(4000)),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  DATABASE_URL: z.preprocess(unsetIfEmpty, z.string().optional()),
});

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new ConfigError(result.error.issues[0].message);
  return result.data;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { PORT, DATA_DIR, DATABASE_URL } = parsed(environment.safeParse(env));
  return { port: PORT, dataDir: DATA_DIR, databaseUrl: DATABASE_URL };
}

export function parsePort(text: string, name = 'PORT'): number {
  return parsed(portText(name).safeParse(text));
}
