// Loaded with `--require` into one gateway copy of the accounts benchmark: the same gateway with
// its revoked-session check switched off, to measure what that check costs.
const { join } = require('node:path');
const { RevokedSessions } = require(join(__dirname, '../../services/gateway/dist/auth/revoked-sessions.js'));

RevokedSessions.prototype.onModuleInit = async () => undefined;
RevokedSessions.prototype.isRevoked = () => false;
