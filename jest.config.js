// One Jest run, three kinds of test:
//   unit         *.spec.ts next to the code
//   integration  *.int-spec.ts, against the real PostgreSQL and Redis (in-process services)
//   e2e          *.e2e-spec.ts, the built product started as processes, plus Chromium
const frontend = require('./frontend/jest.config.cjs');

const swc = [
  '@swc/jest',
  {
    swcrc: false,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
// Packages that ship only ES modules, compiled to CommonJS for Jest (Node itself loads them as they are).
const esmPackages = ['content-disposition', 'jose', 'youtubei.js', '@bufbuild/protobuf', 'unpdf', '@exodus/bytes', '@csstools/[^/]+', 'parse5', 'entities'];
const swcEsm = ['@swc/jest', { swcrc: false, jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];
const moduleNameMapper = {
  '^@visualnotes/(contracts|common|testing)$': '<rootDir>/libs/$1/src/index.ts',
  '^@visualnotes/contracts/(.+)$': '<rootDir>/libs/contracts/src/$1',
  // unpdf's pdf.js bundle is exported for `import` only; Jest resolves with `require` conditions.
  '^unpdf/pdfjs$': '<rootDir>/node_modules/unpdf/dist/pdfjs.mjs',
  '\\.(css)$': '<rootDir>/frontend/src/test/style-stub.cjs',
  // The front end's React 19 sits in frontend/node_modules (the root one is Excalidraw's React 18);
  // Testing Library, installed at the root, must render with the same copy as the components.
  '^(react|react-dom)(/.*)?$': '<rootDir>/frontend/node_modules/$1$2',
};
const base = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '/node_modules/.+\\.(c|m)?js$': swcEsm, '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${esmPackages.join('|')})/).*/node_modules/`],
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // Starting and stopping real services and browsers takes seconds on a busy 2-core machine.
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      // no global set-up: unit tests need neither PostgreSQL nor Redis (see docs/testing.md)
      setupFiles: ['<rootDir>/test/unit-setup.ts'],
      testMatch: ['<rootDir>/{libs,services}/**/src/**/*.spec.ts', ...frontend.testMatch.map((m) => m.replace('<rootDir>', '<rootDir>/frontend'))],
    },
    {
      ...base,
      displayName: 'integration',
      globalSetup: '<rootDir>/test/global-setup.ts',
      testMatch: ['<rootDir>/{libs,services}/**/*.int-spec.ts', '<rootDir>/test/integration/**/*.int-spec.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts', '<rootDir>/frontend/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
    },
  ],
};
