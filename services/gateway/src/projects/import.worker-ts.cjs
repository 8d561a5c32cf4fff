// The import worker when the service runs from its TypeScript sources (the tests); the build runs
// import.worker.js.
require('@visualnotes/common/src/ts-source-worker.cjs');
module.exports = require('./import.worker.ts');
