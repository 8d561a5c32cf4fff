/**
 * Jest config for the front end. Unit specs (src/**\/*.spec.ts) run in node, component specs
 * (src/**\/*.spec.tsx) in jsdom with Node's fetch (src/test/jsdom-environment.cjs); browser specs
 * (e2e/**\/*.e2e-spec.ts) drive Chromium via playwright-core against APP_URL and are selected
 * with --testMatch. The root jest config reuses `transform` and `testEnvironment` from here.
 */
const swcOptions = {
  swcrc: false,
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    '^@visualnotes/contracts$': '<rootDir>/../libs/contracts/src/index.ts',
    '^@visualnotes/contracts/(.+)$': '<rootDir>/../libs/contracts/src/$1',
    '\\.(css)$': '<rootDir>/src/test/style-stub.cjs',
    '^(react|react-dom)(/.*)?$': '<rootDir>/node_modules/$1$2',
  },
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
};
