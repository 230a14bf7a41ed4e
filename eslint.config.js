// ESLint for the whole repository (flat config). `.ci/run` runs `npm run lint`.
//
// Beside the recommended JavaScript and typescript-eslint rules, it keeps the engine's boundaries
// (architecture.md, "Module boundaries"): the engine imports only its own modules — no Node built-ins,
// no packages, nothing from the wire protocol, the server, the web client or the CLI — and reads no
// clock, no ambient randomness and no process state, so every result is a function of its arguments.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ENGINE_SOURCES = ['packages/engine/src/**/*.ts'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test-*.ts', '**/testing/**', '**/bench/**'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'artifacts/**', 'data/**', 'packages/engine/etc/**', 'packages/engine/temp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter kept for its position in a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Kysely's migrations are written against `Kysely<any>`: they run before the schema type holds.
    files: ['packages/server/src/storage/migrations.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/web/scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ENGINE_SOURCES,
    ignores: TEST_FILES,
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // First, so that this breach gets its own message.
              regex: '^@paigow/protocol(/|$)',
              message: 'The engine never imports the wire protocol: @paigow/protocol maps the engine\'s types to messages.',
            },
            {
              regex: '^(?!\\.\\.?/)',
              message: 'The engine imports only its own modules (no Node built-ins, packages, server, web or CLI).',
            },
            {
              // A relative path that climbs out of packages/engine/src, or names another workspace.
              regex: '^(\\.\\./){3,}|(^|/)(server|web|cli)(/|$)',
              message: 'The engine imports only its own modules (nothing from the server, web or CLI).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'require', 'setTimeout', 'setInterval', 'setImmediate', 'fetch', 'performance', 'crypto'].map((name) => ({
          name,
          message: 'The engine does no I/O and reads no clock or ambient state: pass it in.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The engine reads no clock: pass the time in.' },
        { object: 'Math', property: 'random', message: 'The engine uses no ambient randomness: pass an Rng in.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'The engine reads no clock: pass the time in.' },
      ],
    },
  },
);
