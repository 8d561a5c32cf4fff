// The export worker when the service runs from its TypeScript sources (the tests); the build runs
// export.worker.js.
require('@visualnotes/common/src/ts-source-worker.cjs');
module.exports = require('./export.worker.ts');
