// Lets a worker thread load TypeScript when a service runs from its sources (the tests): a worker
// thread does not share the test runner's compiler, so `.ts` files are compiled here with swc, as the
// build does, and the project's libraries resolve to their sources. A worker's `*.worker-ts.cjs`
// file requires this, then its `.ts` module; the build runs the compiled `.js` worker instead.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { transformSync } = require('@swc/core');

const options = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};
Module._extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^@visualnotes\/[a-z-]+$/.test(request)) {
    const pkg = resolve.call(this, `${request}/package.json`, ...rest);
    return join(dirname(pkg), 'src', 'index.ts');
  }
  return resolve.call(this, request, ...rest);
};
