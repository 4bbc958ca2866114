import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/*
 * Layer boundaries (house style, habit 8): imports go one way, routes → services → repositories,
 * and only the HTTP edge knows Fastify. Checked on the import text, before resolution; relative
 * paths are what src/ uses.
 */
const FASTIFY = {
  regex: '^(fastify|@fastify/)',
  message:
    'Only src/http/, src/app.ts, src/server.ts and *.routes.ts know Fastify: services, repositories and the rest take plain values.',
};
const HTTP = {
  regex: '^\\.{1,2}/(.*/)?http/',
  message: 'Only routes use the HTTP layer; services and repositories get plain values from them.',
};
const MODULES = { regex: '^\\.{1,2}/(.*/)?modules/', message: 'Storage serves the modules, never imports them.' };
const NODE = { regex: '^node:', message: 'The admin client runs in browsers: no Node modules.' };
const APP = { regex: '^\\.{1,2}/(.*/)?app\\.ts$', message: 'Storage never imports the app.' };

/** One no-restricted-imports setting per group of files: a later match replaces an earlier one, it does not add to it. */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default defineConfig(
  globalIgnores(['dist/', 'bench/results/', 'src/admin/api-types.ts']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: {
      // An `eslint-disable` comment must silence something, or it goes.
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // node:test's test() and describe() return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `async` marks functions that fulfil a promise-returning contract (Fastify handlers, Kysely's
      // migration provider, test doubles) whether or not they await; no-floating-promises and
      // no-misused-promises catch the mistakes that matter.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests and the bench read response bodies (`any` from inject's json() and from fetch) and
    // check them with assertions; their messages print whatever came back.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // bin/ is plain JavaScript run by Node, outside the TypeScript program.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly' } },
  },
  { files: ['src/**/*.ts', 'src/**/*.tsx'], rules: restrictImports(FASTIFY) },
  // The admin's client (decision 0054) is bundled for browsers: it may share pure code, never the server's Node or Fastify parts.
  { files: ['src/admin/**/*.ts', 'src/admin/**/*.tsx'], rules: restrictImports(FASTIFY, NODE, HTTP, APP) },
  { files: ['src/storage/**/*.ts'], rules: restrictImports(FASTIFY, HTTP, MODULES, APP) },
  {
    files: ['src/modules/**/*.ts', 'src/modules/**/*.tsx'],
    ignores: ['src/modules/**/*.routes.ts', 'src/modules/**/*.schemas.ts'],
    rules: restrictImports(FASTIFY, HTTP),
  },
  // A route's schemas are its HTTP contract: they build on the shared parameter schemas of http/params.ts.
  { files: ['src/modules/**/*.schemas.ts'], rules: restrictImports(FASTIFY) },
  {
    files: ['src/http/**/*.ts', 'src/app.ts', 'src/server.ts', 'src/modules/**/*.routes.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Layout is prettier's (npm run format): the stylistic rules that would argue with it are off.
  prettier,
);
