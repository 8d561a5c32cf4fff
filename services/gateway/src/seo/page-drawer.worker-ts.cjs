// The page drawing worker when the service runs from its TypeScript sources (the tests); the build
// runs page-drawer.worker.js.
require('@visualnotes/common/src/ts-source-worker.cjs');
module.exports = require('./page-drawer.worker.ts');
