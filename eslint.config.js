import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Bare Node built-in names go in `paths` (exact module names): as gitignore-style patterns, 'http' would also
// match our own folder src/shared/http.
const BARE_NODE_BUILTINS = ['fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'url', 'stream', 'events'];

const restrict = (patterns, { banNodeBuiltins = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: banNodeBuiltins ? BARE_NODE_BUILTINS.map((name) => ({ name, message: 'No Node built-ins in this layer.' })) : [],
      patterns,
    },
  ],
});

const NODE_BUILTINS = ['node:*'];

const SERVER_LAYER = [
  { group: ['electron', 'electron/*'], message: 'The back end runs in plain Node.' },
  { group: ['**/renderer/**', '**/main/electron/**'], message: 'The back end never imports the renderer or Electron glue.' },
];
const DATABASE_DRIVERS = ['better-sqlite3', 'pg', 'kysely'];
const STORE_ONLY = 'Only the store layer (src/server/repositories, search, db, seed) holds the database: call a repository instead.';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Layer rule: the renderer reaches the host only through src/renderer/host and imports shared only.
      ...restrict([
        { group: NODE_BUILTINS, message: 'The renderer is sandboxed: no Node built-ins.' },
        { group: ['electron', 'keytar', 'better-sqlite3', 'fastify'], message: 'The renderer reaches the host through src/renderer/host only.' },
        { group: ['**/main/**', '**/server/**', '**/preload/**'], message: 'The renderer imports src/shared only.' },
      ], { banNodeBuiltins: true }),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict([
      { group: NODE_BUILTINS, message: 'src/shared is pure TypeScript: no Node built-ins.' },
      { group: ['electron', 'keytar', 'react', 'react-dom', 'fastify', 'better-sqlite3'], message: 'src/shared imports nothing runtime-specific.' },
      { group: ['**/main/**', '**/server/**', '**/renderer/**', '**/preload/**'], message: 'src/shared imports nothing of the other layers.' },
    ], { banNodeBuiltins: true }),
  },
  {
    files: ['src/main/services/**/*.ts', 'src/main/adapters/**/*.ts'],
    rules: restrict([
      { group: ['electron', 'electron/*'], message: 'Only src/main/electron imports electron.' },
      { group: ['**/renderer/**', '**/server/**', '**/electron/**'], message: 'Services import shared and their ports only.' },
    ]),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: restrict(SERVER_LAYER),
  },
  {
    // The store layer is asynchronous (issue 27): a repository call left un-awaited answers a Promise, which is always
    // truthy — an access check that silently passes. Type-aware rules catch a forgotten await and a Promise used as a
    // condition.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // One store layer (issue 27): only repositories/, search/ (the index loaders), db/ (engines and migrations), seed/
    // and the composition root app.ts hold the database; routes, services, chat and the assistant call repositories.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/repositories/**', 'src/server/search/**', 'src/server/db/**', 'src/server/seed/**', 'src/server/app.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: DATABASE_DRIVERS.map((name) => ({ name, message: STORE_ONLY })),
          patterns: [...SERVER_LAYER, { group: ['**/db/database', '**/db/migrate', '**/db/postgres/**', '**/db/migrations/**'], message: STORE_ONLY }],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict([
      { group: ['**/main/**', '**/server/**', '**/renderer/**'], message: 'The preload imports shared only.' },
    ]),
  },
);
