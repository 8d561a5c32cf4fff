// The heartbeat thread when a service runs from its TypeScript sources (the tests); the build runs heartbeat-thread.js.
require('../ts-source-worker.cjs');
require('./heartbeat-thread.ts');
