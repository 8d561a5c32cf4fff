// The thread entry when a service runs from its TypeScript sources (the tests); the build runs thread-entry.js.
require('./ts-source-worker.cjs');
module.exports = require('./thread-entry.ts');
