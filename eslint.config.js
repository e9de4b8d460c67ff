// The house rules of ../shared/ARCHITECTURE.md as lint errors (docs/decisions/009-house-rules.md says why each).
// Run by `npm run lint`, which `npm test` runs. No type-aware rules: the whole tree lints in well under a minute.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.pg-test.ts', '**/testing/**', 'tests/**', 'vitest.setup.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.json'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // Node and the browser: the tree holds both (tsc checks which is which).
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      // Types are tsc's job (`npm run typecheck`); these two would only repeat it.
      'no-undef': 'off',
      'no-redeclare': 'off',
      // The style of the house, kept as it is.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],

      // No unused code: locals, imports, parameters (an unused parameter the signature needs starts with _).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],

      // Imports go one way: no cycles anywhere in the graph.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // No barrels: a name is imported from the module that defines it, never passed on by another.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportNamedDeclaration[source]', message: 'Import from the module that defines it; do not re-export (no barrels).' },
        { selector: 'ExportAllDeclaration', message: 'Import from the module that defines it; do not re-export (no barrels).' },
      ],

      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared → server | client: src/shared is imported by both and imports neither.
            {
              target: './src/shared',
              from: ['./src/server', './src/client'],
              message: 'src/shared imports neither the server nor the client.',
            },
            // The client and the server meet only in src/shared (the zod contracts).
            {
              target: './src/client',
              from: './src/server',
              message: 'The client talks to the server over HTTP, through the contracts in src/shared.',
            },
            { target: './src/server', from: './src/client', message: 'The server does not import the client.' },
            // components/lib → features → app.
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/app'],
              message: 'components/ and lib/ sit below the features and the app: move what both need down here.',
            },
            {
              target: './src/client/features',
              from: './src/client/app',
              message: 'A feature does not import the app shell (router, layout).',
            },
            // No feature imports another: what two need moves down to components/ or lib/.
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: `Features do not import each other: move what ${feature} shares down to src/client/components or src/client/lib.`,
            })),
            // app.ts builds the app from everything else, so nothing else imports it (no-cycle does not see type-only
            // imports; this zone does): the app's dependency types live in app-deps.ts.
            {
              target: ['./src/server/*/**', './src/server/!(index).ts'],
              from: './src/server/app.ts',
              message: 'Only index.ts (and tests) import app.ts; the types AppDeps and ZodApp are in app-deps.ts.',
            },
            // Routes are thin: HTTP only, one service call; the database is the services'.
            {
              target: './src/server/routes',
              from: './src/server/db',
              message: 'Routes call a service; only services (and db/) touch the schema and the client.',
            },
            // The engine is used through its interface; no one but its own code reaches into its implementations.
            {
              target: ['./src/server/routes', './src/server/services'],
              from: ['./src/server/engine/builtin', './src/server/engine/llm'],
              message:
                'Routes and services use the engine through engine.ts (and engine-level modules), not its built-in or LLM implementations.',
            },
            {
              target: './src/server/engine/llm',
              from: './src/server/engine/builtin',
              message:
                'The LLM engine does not borrow from the built-in one: move what both need to the engine level (src/server/engine/<what it is>/).',
            },
          ],
        },
      ],

      // Only src/server/config.ts reads the environment.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only src/server/config.ts reads process.env: add a field to its schema and pass the config.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'node:process', importNames: ['env'], message: 'Only src/server/config.ts reads the environment.' }],
        },
      ],
    },
  },
  {
    // Test files, test scaffolding and the tools around the app (scripts, benchmarks, configs) may cross the lines the app keeps.
    files: [...testFiles],
    rules: {
      'import-x/no-restricted-paths': 'off',
      'no-restricted-properties': 'off',
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/server/config.ts', 'scripts/**', 'bench/**', '*.config.ts', '*.config.js'],
    rules: {
      'no-restricted-properties': 'off',
      'no-restricted-imports': 'off',
    },
  },
  {
    // A service never calls an LLM SDK directly (nor does a route): "AI" is the engine's.
    files: ['src/server/services/**/*.ts', 'src/server/routes/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'ai', message: 'Services and routes do not call an LLM SDK: ask the engine (src/server/engine/engine.ts).' },
            { name: 'node:process', importNames: ['env'], message: 'Only src/server/config.ts reads the environment.' },
          ],
          patterns: [
            { group: ['@ai-sdk/*'], message: 'Services and routes do not call an LLM SDK: ask the engine (src/server/engine/engine.ts).' },
          ],
        },
      ],
    },
  },
);
