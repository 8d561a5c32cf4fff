// Shared by `npm run backup` and `npm run restore`: the settings `npm start` uses, PostgreSQL's
// own tools in child processes, and the system tar.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const require = createRequire(import.meta.url);
const { baseEnvSchema, loadConfig } = require(join(root, 'libs/common/dist/config.js'));
const { createStorage, S3Storage } = require(join(root, 'libs/common/dist/storage.js'));
const { ensureDatabase } = require(join(root, 'libs/common/dist/database.js'));
const { Client } = require('pg');

/** The archive layout this version writes; restore refuses archives of a later format. */
export const FORMAT = 1;
/** Where scheduled backups are kept in S3 (a bucket of their own, or this prefix of the files' bucket). */
export const BACKUP_PREFIX = 'backups/';

export { ensureDatabase };

/** Exits with one clear sentence (no stack) when `fn` throws. */
export async function main(fn) {
  try {
    await fn();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

export function settings(env = process.env) {
  const config = loadConfig(baseEnvSchema, env);
  const storage = createStorage(config);
  const backupBucket = env.BACKUP_S3_BUCKET || config.S3_BUCKET;
  // Backups kept in the files' own bucket live under BACKUP_PREFIX: they are not files to back up.
  const skipPrefix = config.STORAGE === 's3' && backupBucket === config.S3_BUCKET ? BACKUP_PREFIX : undefined;
  const backupStore = () => {
    if (!backupBucket) throw new Error('Keeping backups in S3 needs BACKUP_S3_BUCKET (or S3_BUCKET)');
    return new S3Storage(backupBucket, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  };
  return { config, storage, skipPrefix, backupStore };
}

/** The stored files' keys, backups kept in the same bucket left out. */
export async function storedKeys(storage, skipPrefix) {
  const keys = [];
  for await (const key of storage.keys()) if (!skipPrefix || !key.startsWith(skipPrefix)) keys.push(key);
  return keys.sort();
}

/** PostgreSQL's tools get the connection through PG* variables, so no password shows in `ps`. */
function pgEnv(databaseUrl) {
  const url = new URL(databaseUrl);
  const env = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || '127.0.0.1',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
    PGUSER: decodeURIComponent(url.username) || 'postgres',
  };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a tool to its end; rejects with its last lines of output when it fails. */
export function run(command, args, { env = process.env, databaseUrl } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { env: databaseUrl ? pgEnv(databaseUrl) : env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)));
    child.on('error', (e) => reject(e.code === 'ENOENT' ? new Error(`${command} is not installed (Debian/Ubuntu: apt-get install postgresql-client)`) : e));
    child.on('close', (code) => (code === 0 ? resolveRun(out) : reject(new Error(`${command} failed (exit code ${code}): ${err.trim()}`))));
  });
}

export async function toolMajor(tool) {
  const out = await run(tool, ['--version']);
  const match = /(\d+)(?:\.\d+)?/.exec(out);
  if (!match) throw new Error(`Could not read the version of ${tool} from "${out.trim()}"`);
  return { major: Number(match[1]), text: out.trim() };
}

export async function withDatabase(databaseUrl, fn) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client) {
  const { rows } = await client.query('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10_000);
}

/** Schemas the services own: each keeps its applied migrations in `<schema>.migrations`. */
export async function serviceSchemas(client) {
  const { rows } = await client.query(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'migrations' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  return rows.map((r) => r.schema);
}

/** Whether the database holds anything of its own: a schema besides `public`, or a table in it. */
export async function databaseInUse(client) {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM pg_namespace WHERE nspname NOT IN ('public', 'information_schema') AND nspname NOT LIKE 'pg\\_%')
          + (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')) AS n`,
  );
  return Number(rows[0].n) > 0;
}
