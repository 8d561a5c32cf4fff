// Lint for the whole repository: `npm run lint` (cached in .eslintcache).
// Besides typescript-eslint's rules, it enforces what each layer may import (docs/architecture.md):
//   libs/contracts  nothing of ours
//   libs/common     libs/contracts
//   libs/testing    libs/common, libs/contracts
//   services/<name> libs/*, never another service's source (tests included)
//   frontend/src    libs/contracts only, as `@visualnotes/contracts` or `@visualnotes/contracts/<module>`;
//                   inside it pages → features → components (a feature never imports a page, a component neither)
// Tests anywhere may use libs/testing and test/support (the whole stack started in one process).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['ai', 'auth', 'gateway', 'license', 'media', 'publish'];
const TESTS = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**', '**/testing/**', '**/e2e/**'];

/** `import-x/no-restricted-paths` zones: what files under `target` must not import from `from`. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const layerZones = [
  zone('./libs/contracts', ['./libs/common', './libs/testing', './services', './frontend', './test'], 'libs/contracts imports nothing of ours.'),
  zone('./libs/common', ['./libs/testing', './services', './frontend'], 'libs/common may import libs/contracts only.'),
  zone('./libs/testing', ['./services', './frontend', './test'], 'libs/testing may import libs/common and libs/contracts only.'),
  ...SERVICES.map((name) =>
    zone(
      `./services/${name}`,
      SERVICES.filter((other) => other !== name).map((other) => `./services/${other}`),
      `A service never imports another service's source: share it through libs/*, or test both together from test/.`,
    ),
  ),
  zone('./services', ['./frontend'], 'Services do not import the front end.'),
  zone('./frontend', ['./services', './libs/common', './libs/testing', './test'], 'The front end imports libs/contracts only.'),
  // Inside the front end: pages (route shells) use features, features use components, never the other way.
  zone('./frontend/src/features', './frontend/src/pages', 'A feature never imports a page: pages are thin route shells over features.'),
  zone('./frontend/src/components', ['./frontend/src/features', './frontend/src/pages'], 'Shared components know no feature or page.'),
];
/** Tests may also use the test harness (libs/testing, test/support). */
const testZones = layerZones
  .map((z) => ({ ...z, from: (Array.isArray(z.from) ? z.from : [z.from]).filter((f) => f !== './libs/testing' && f !== './test') }))
  .filter((z) => z.from.length);
/** Source files (not tests) must not reach for the test harness either. */
const sourceZones = [zone(['./libs', './services'], ['./test', './libs/testing'], 'Only tests import the test harness.')];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.nx/**',
      '.cache/**',
      'coverage/**',
      'tmp/**',
      'data/**',
      'test-results/**',
      'frontend/public/**',
      'services/publish/content/**',
      // Excalidraw bundled for the export workers at build time
      'services/publish/.renderer/**',
      'test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: testZones }],
      // `_name` marks a parameter a signature needs but the body does not use.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // Type-aware rules on TypeScript: the ones that find real bugs (promises nobody awaits or
  // handles, awaiting non-promises, throwing non-errors) at an affordable cost.
  {
    files: ['**/*.ts', '**/*.tsx'],
    // Two programs for the whole repository (back end, front end): a program per project's tsconfig
    // would hold the shared libraries many times over and run out of memory.
    languageOptions: { parserOptions: { project: ['./tsconfig.json', './frontend/tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate() resolves once a navigation is done and never rejects (the router shows its own errors).
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: ['NavigateFunction', 'navigate'] }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      // Not no-unnecessary-type-assertion: besides assertions that change nothing (none are left), it
      // asks for `fn<T>()` instead of `fn() as T` (~40 places, the same check either way), and that
      // part cannot be turned off alone.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  // Tests read untyped JSON and YAML documents (responses, manifests) and assert on them.
  {
    files: TESTS,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['libs/**/*.ts', 'services/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, ...sourceZones] }] },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+libs/', message: 'Import libs/contracts as @visualnotes/contracts or @visualnotes/contracts/<module>.' },
            { regex: '^@visualnotes/(common|testing)(/|$)', message: 'The front end imports libs/contracts only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts', 'services/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^@visualnotes/testing(/|$)', message: 'Only tests import the test harness.' }] }] },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^@visualnotes/', message: 'libs/contracts imports nothing of ours.' }] }] },
  },
  {
    files: ['libs/common/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@visualnotes/(common|testing)(/|$)', message: 'libs/common may import libs/contracts only.' }] },
      ],
    },
  },
  // Benchmarks, scripts and browser tests hand functions to a page (`page.evaluate`) that run there.
  {
    files: ['bench/**', 'scripts/**', 'frontend/e2e/**', 'test/e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Scripts the gateway serves to browsers as they are.
  {
    files: ['services/gateway/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  // Plain JavaScript (scripts, benchmarks, configs): no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
