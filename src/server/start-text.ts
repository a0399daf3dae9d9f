// What the server says when it starts: where the levels are kept (the SQLite file, or the
// PostgreSQL URL without its secrets), the editor, GraphiQL, the address it listens on, and
// the warning when anyone may write.
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ServerConfig } from '../config.js';
import { defaultEditorDir } from '../graphql/http/plugins/use-editor.js';
import { SQLITE_FILE_NAME, usesPostgres } from '../service/index.js';

/** Said on stderr at start when no LABYRINTH_WRITE_TOKEN is set. */
export const OPEN_WRITES_WARNING =
  'labyrinth server: warning: writes are open to everyone: set LABYRINTH_WRITE_TOKEN to ' +
  'require a token for mutations';

/**
 * Where the levels are kept, as the start-up lines say it: the SQLite file (relative to the
 * current directory when inside it), or the PostgreSQL URL with its password masked.
 */
export function storeDescription(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  cwd: string = process.cwd(),
): string {
  if (!usesPostgres(config)) {
    const file = resolve(cwd, config.dataDir, SQLITE_FILE_NAME);
    const inside = relative(cwd, file);
    const shown = inside.startsWith('..') || isAbsolute(inside) ? file : `.${sep}${inside}`;
    return `SQLite ${shown}`;
  }
  return `PostgreSQL ${maskedUrl(config.databaseUrl!.trim())}`;
}

/** A database URL without its secrets: the password, and a `password` parameter. */
export function maskedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '(DATABASE_URL, not shown: it is not a URL)';
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) {
    if (/pass/i.test(key)) url.searchParams.set(key, '***');
  }
  return url.toString().replace(/%2A%2A%2A/g, '***');
}

/** What the server says once it listens: where the store is, the editor and GraphiQL. */
export function startupLines(config: ServerConfig, graphqlUrl: string): string[] {
  const base = graphqlUrl.replace(/graphql$/, '');
  const editorBuilt = existsSync(join(defaultEditorDir(), 'index.html'));
  return [
    `store:    ${storeDescription(config)}`,
    `editor:   ${editorBuilt ? base : 'not built (npm run build)'}`,
    config.graphiql === false
      ? `GraphQL:  ${graphqlUrl} (GraphiQL off: GRAPHIQL=0)`
      : `GraphiQL: ${graphqlUrl}`,
    `listening on ${graphqlUrl}`,
  ];
}
