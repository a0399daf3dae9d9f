import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * An import rule that fails the build: `groups` are import paths a layer must not use. A file
 * takes one such rule (a later one replaces an earlier), so each file set lists all of its own.
 */
const forbid = (files, ...patterns) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: patterns.map(([group, message]) => ({ group, message })) },
    ],
  },
});

/** Outside src/service/, the service is reached through its one public surface. */
const SERVICE_SURFACE = [
  ['**/service/**', '!**/service/index.js'],
  'Outside src/service/, import the service only through src/service/index.ts.',
];

/** GraphQL, the CLI and the server reach the engine only through the service. */
const NO_ENGINE = [
  ['**/engine/**'],
  'GraphQL, the CLI and the server reach the engine only through src/service/.',
];

/** The entry points that start GraphQL, which it never imports. */
const GRAPHQL_CALLERS = ['**/cli/**', '**/server/**', '**/server.js', '**/cli.js'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'test/gql/',
      'examples/scripts/gql/',
      'web/src/gql/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  // No import cycles (docs/architecture.md): a module never reaches itself through its imports.
  // The TypeScript resolver follows `./x.js` to `./x.ts` with the server's tsconfig and the
  // editor's (web/tsconfig.json). Imports of types only are left out, as they are erased:
  // test/import-cycles.test.ts checks that they make no cycle either.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'].map((file) =>
            path.join(import.meta.dirname, file),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The editor runs in the browser and talks to the server only through the public GraphQL API.
  {
    files: ['web/src/**'],
    languageOptions: { globals: globals.browser },
  },
  forbid(
    ['web/src/**'],
    [
      ['**/src/engine/**', '**/src/service/**', '**/src/graphql/**', '**/src/cli/**', 'node:*'],
      'The editor talks only the public GraphQL API: no imports from src/ or Node.',
    ],
  ),
  // The layers (docs/architecture.md): entry points -> graphql -> service -> engine, imports point
  // down only, and the service is the only door to the engine. Inside graphql/, http/ ->
  // execution/ -> schema/: the transport mounts the plugins that read operations, and those
  // read them against the schema; the schema knows neither.
  // The service has one public surface, src/service/index.ts: its modules are its own business.
  forbid(['src/*.ts'], SERVICE_SURFACE),
  forbid(
    ['src/graphql/**', 'src/cli/**', 'src/cli.ts', 'src/server.ts', 'src/server/**'],
    NO_ENGINE,
    SERVICE_SURFACE,
  ),
  forbid(
    ['src/graphql/http/**'],
    NO_ENGINE,
    [GRAPHQL_CALLERS, 'GraphQL does not know who starts it: no CLI or server imports.'],
    SERVICE_SURFACE,
  ),
  forbid(
    ['src/graphql/execution/**'],
    NO_ENGINE,
    [
      ['**/http/**', ...GRAPHQL_CALLERS],
      'The execution plugins read operations against the schema: they import schema/, not ' +
        'http/ (which mounts them), nor the CLI or the server.',
    ],
    SERVICE_SURFACE,
  ),
  forbid(
    ['src/graphql/schema/**'],
    NO_ENGINE,
    [
      ['**/http/**', '**/execution/**', ...GRAPHQL_CALLERS],
      'The schema knows nothing of the execution plugins or the transport: execution/ and ' +
        'http/ import schema/, not the other way.',
    ],
    SERVICE_SURFACE,
  ),
  forbid(
    ['src/service/**'],
    [
      ['**/graphql/**', '**/cli/**', '**/server/**', '**/server.js', '**/cli.js'],
      'The service does not know who calls it: no GraphQL, CLI or server imports.',
    ],
  ),
  forbid(
    ['src/engine/**'],
    [
      [
        '**/service/**',
        '**/graphql/**',
        '**/cli/**',
        'node:*',
        'graphql',
        'graphql-*',
        '@pothos/*',
        'dataloader',
        'kysely',
        'pg',
        'better-sqlite3',
      ],
      'The engine is plain TypeScript: no service, GraphQL, database or I/O.',
    ],
  ),
  // Tests and benches share fixtures, the crusade referee and the embedded PostgreSQL through
  // harness/ (docs/development.md): a test never imports the bench, the bench and the harness
  // never import from test/, and both reach the service only through its surface, as
  // src/graphql/ does.
  forbid(
    ['test/**'],
    [
      ['**/bench/**', 'bench/*'],
      'Tests do not import the bench: what both need lives in harness/.',
    ],
  ),
  forbid(
    ['bench/**'],
    [
      ['**/test/**', 'test/*'],
      'The bench imports nothing from test/: what it shares with the tests lives in harness/.',
    ],
    SERVICE_SURFACE,
  ),
  forbid(
    ['harness/**'],
    [
      ['**/test/**', 'test/*', '**/bench/**', 'bench/*'],
      'The harness serves test/ and bench/ and imports from neither.',
    ],
    SERVICE_SURFACE,
  ),
);
