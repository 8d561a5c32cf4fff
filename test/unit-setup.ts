// Unit tests use no database and no Redis: any that tries reaches a closed port and fails at once,
// instead of passing here only because a PostgreSQL or Redis happens to be running.
process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unit-tests-use-no-database';
process.env.REDIS_URL = 'redis://127.0.0.1:1';
