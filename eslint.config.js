import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Boundaries (docs/decisions/0004-boundaries-and-contract.md): the domain depends on no app; a
 * feature is entered only through its public face, features/<name>/index.ts; the code features
 * share (server db/, http/, jobs/, shared/; web components/, lib/) depends on no feature.
 */
const FACE_ONLY = 'Use the feature through its public face (features/<name>/index.ts), not its files.';
const NO_FEATURES = 'Shared code depends on no feature: move what is needed here out of the feature.';
/** `features/<name>/<file>` however it is reached, `index` excepted. */
const featureFile = { regex: '(^|/)features/[^/]+/(?!index$)', message: FACE_ONLY };
/** Another feature's file, from a file `depth` folders below its own feature's folder. */
const otherFeatureFile = (depth) => ({ regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/(?!index$)`, message: FACE_ONLY });
const noApps = {
  regex: '(^|/)apps/|^@app/(server|web)(/|$)',
  message: 'The domain package depends on no app: pass what it needs in.',
};
const restrict = (...patterns) => ['error', { patterns }];
/** The rule for every file of every feature under `root`, by how deep the file sits in its feature. */
const featureBoundaries = (root, ext) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`${root}/features/*/${'*/'.repeat(depth)}*.${ext}`],
    rules: { 'no-restricted-imports': restrict(otherFeatureFile(depth), featureFile) },
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided; none is passed where a
    // plain callback is expected (an unhandled rejection in a handler is a lost error).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // The domain package is pure: no IO, no clock, no environment.
      'no-restricted-globals': ['error', 'process', 'fetch'],
      'no-restricted-imports': restrict({ group: ['node:*', 'fs', 'pg', 'drizzle-orm*', 'fastify*'] }, noApps),
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass today in; the domain has no clock.',
        },
        {
          selector: "CallExpression[callee.name='parseFloat']",
          message: 'Money is parsed exactly, never through parseFloat.',
        },
      ],
    },
  },
  {
    // Tests may read fixtures from disk.
    files: ['packages/domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(noApps) },
  },
  {
    // Money is exact in the apps too (DOMAIN.md): an amount is parsed with parseMoney or moneyFromDb and
    // never passes through a float. Exempt by shape, as never money: an id (`Number(x.supplier_id)`,
    // `Number(agentId)`), a route parameter (`Number(useParams().id)`) and a page or page size from the
    // address. Any other non-money number (a count, a port, a date part) says what it is on its line.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/*/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='parseFloat'], CallExpression[callee.property.name='parseFloat']",
          message: 'Money is parsed exactly (parseMoney, moneyFromDb, parsePercent), never through parseFloat.',
        },
        {
          selector: [
            "CallExpression[callee.name='Number']",
            ':not([arguments.0.name=/^(id|\\w+Id)$/])',
            ':not([arguments.0.property.name=/(^|_)id$/])',
            ":not([arguments.0.object.callee.name='useParams'])",
            ":not([arguments.0.callee.property.name='get'][arguments.0.arguments.0.value=/^(page|page_size|per_page)$/])",
          ].join(''),
          message:
            'Money is parsed exactly (parseMoney, moneyFromDb, parsePercent), never through Number(). Ids, route ' +
            'parameters and page numbers are allowed as they are; for another number that is not money (a count, ' +
            'a port, a date part) add `// eslint-disable-next-line no-restricted-syntax -- <what it is>`.',
        },
      ],
    },
  },
  ...featureBoundaries('apps/server/src', 'ts'),
  {
    files: ['apps/server/src/{db,http,jobs,shared}/**/*.ts', 'apps/server/src/{clock,config}.ts'],
    rules: { 'no-restricted-imports': restrict({ regex: '(^|/)features(/|$)', message: NO_FEATURES }) },
  },
  {
    // Where features meet (routes.ts, job-handlers.ts, main.ts, cli.ts), the tests' app and the benches.
    files: ['apps/server/src/*.ts', 'apps/server/src/{test,bench}/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/{clock,config}.ts'],
    rules: { 'no-restricted-imports': restrict(featureFile) },
  },
  ...featureBoundaries('apps/web/src', '{ts,tsx}'),
  {
    files: ['apps/web/src/{components,lib,api}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict({ regex: '(^|/)features(/|$)', message: NO_FEATURES }) },
  },
  {
    files: ['apps/web/src/{app,testing}/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(featureFile) },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
