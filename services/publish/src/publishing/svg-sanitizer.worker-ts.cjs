// The cleaning worker when the service runs from its TypeScript sources (the tests): a worker
// thread does not share the test runner's compiler, so TypeScript is compiled here with swc, as
// the build does. The build runs svg-sanitizer.worker.js.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const options = {
  swcrc: false,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true },
  module: { type: 'commonjs' },
};
Module._extensions['.ts'] = (module, filename) => {
  module._compile(transformSync(readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
};

module.exports = require('./svg-sanitizer.worker.ts');
