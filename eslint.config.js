// Lint rules, including the dependency direction of docs/architecture.md:
// shared code (schema, ui, db, sync, lib) → features → app; features never import each other. Import
// cycles (type-only ones included) are caught by scripts/check-cycles.ts, the second step of `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const serverOnly = [
  { name: 'drizzle-orm', message: 'drizzle-orm belongs to sync-server and schema/db only.' },
  { name: 'better-sqlite3', message: 'SQLite belongs to sync-server only.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'sync-server/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['web/src/**/*', 'schema/**/*'],
      'boundaries/elements': [
        { type: 'schema', pattern: 'schema/contracts' },
        { type: 'schema-db', pattern: 'schema/db' },
        { type: 'ui', pattern: 'web/src/components' },
        { type: 'lib', pattern: 'web/src/lib' },
        { type: 'db', pattern: 'web/src/db' },
        { type: 'sync', pattern: 'web/src/sync' },
        { type: 'engagement', pattern: 'web/src/engagement' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'web/src/app' },
        { type: 'entry', pattern: 'web/src/*', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'schema', allow: ['schema'] },
            { from: ['ui', 'lib'], allow: ['schema', 'ui', 'lib'] },
            { from: 'db', allow: ['schema', 'lib', 'db'] },
            { from: 'sync', allow: ['schema', 'lib', 'db', 'sync'] },
            { from: 'engagement', allow: ['schema', 'ui', 'lib', 'db', 'sync', 'engagement'] },
            {
              from: 'feature',
              allow: [
                'schema',
                'ui',
                'lib',
                'db',
                'sync',
                'engagement',
                ['feature', { feature: '${from.feature}' }],
              ],
            },
            { from: 'app', allow: ['schema', 'ui', 'lib', 'db', 'sync', 'engagement', 'feature', 'app'] },
            {
              from: 'entry',
              allow: ['schema', 'ui', 'lib', 'db', 'sync', 'engagement', 'feature', 'app', 'entry'],
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: serverOnly,
          patterns: [
            {
              group: ['**/sync-server/**'],
              allowTypeImports: true,
              message: 'The web app may import server code only as types.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dexie lives in the db and sync layers and in feature hooks only (docs/architecture.md).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/db/**',
      'web/src/sync/**',
      'web/src/features/*/hooks/**',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...serverOnly,
            { name: 'dexie', message: 'Use Dexie through web/src/db, web/src/sync or a feature hook.' },
            { name: 'dexie-react-hooks', message: 'Wrap useLiveQuery in a feature hook.' },
          ],
          patterns: [
            {
              group: ['**/sync-server/**'],
              allowTypeImports: true,
              message: 'The web app may import server code only as types.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web tests (and their kits) drive the real server in-process (docs/testing.md): runtime imports allowed.
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/test-utils.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: serverOnly }] },
  },
  {
    files: ['schema/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: serverOnly, patterns: ['node:*', '../db/*'] }] },
  },
  {
    // Contract tests may read fixtures from disk (node:*); the contracts themselves run in the browser too.
    files: ['schema/contracts/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: serverOnly, patterns: ['../db/*'] }] },
  },
  {
    // One code for both database engines (sync-server/src/lib/db.ts): a query is an awaited drizzle builder.
    // .get() .all() .run() .values() at the end of a call chain exist on SQLite only. better-sqlite3's own
    // prepared statements (`sqlite.prepare(sql).get()`) stay allowed: tests that inspect a SQLite file use them.
    files: ['sync-server/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[arguments.length=0][callee.property.name=/^(get|all|run|values)$/][callee.object.type='CallExpression']:not([callee.object.callee.property.name='prepare'][callee.object.arguments.length=1])",
          message:
            'SQLite-only: await the query builder instead (sync-server/src/lib/query.ts: first(q), exists(q), returnedRow(q)…).',
        },
      ],
    },
  },
  {
    // Every query and service call is asynchronous since the storage engines (sync-server/src/lib/db.ts): a
    // promise nobody awaits is a write that may land after the answer, or an error nobody sees. Typed rules
    // (the TypeScript project, through typescript-eslint's project service) for the server, the scripts and
    // the web app's sync engine.
    files: ['sync-server/**/*.ts', 'scripts/**/*.ts', 'web/src/sync/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Async callbacks where a void one is expected (event handlers, Hono middleware) are fine here.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Server features do not import each other, whatever the file (routes, services, engagement, sync…);
    // shared code lives in src/lib, src/sync and src/engagement. Only the composition roots (app.ts,
    // sync/entities.ts) name features.
    files: ['sync-server/src/features/*/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['sync-server/src/**/*'],
      'boundaries/elements': [
        { type: 'server-feature', pattern: 'sync-server/src/features/*', capture: ['feature'] },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          message: 'Server features do not import each other (${dependency.feature} is another feature).',
          rules: [
            { from: 'server-feature', disallow: [['server-feature', { feature: '!${from.feature}' }]] },
          ],
        },
      ],
    },
  },
  // The same by path, so that it holds even before the imported file exists: from a feature's own folder
  // `../x` is another feature; one folder down, `../../x` is.
  ...[
    { files: ['sync-server/src/features/*/*.ts'], up: '\\.\\./' },
    { files: ['sync-server/src/features/*/*/*.ts'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${up}(?!\\.)`, message: 'Server features do not import each other.' },
            { regex: `^${up}\\.\\./features/`, message: 'Server features do not import each other.' },
          ],
        },
      ],
    },
  })),
);
