// The cleaning worker when the service runs from its TypeScript sources (the tests); the build runs
// svg-sanitizer.worker.js.
require('@visualnotes/common/src/ts-source-worker.cjs');
module.exports = require('./svg-sanitizer.worker.ts');
