// The scene worker when the service runs from its TypeScript sources (the tests); the build runs
// scene.worker.js.
require('@visualnotes/common/src/ts-source-worker.cjs');
module.exports = require('./scene.worker.ts');
