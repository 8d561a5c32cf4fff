#!/usr/bin/env node
// `npm run backup [-- --out FILE] [-- --upload]`: one archive of everything the product keeps —
// the whole database (every service's schema, pg_dump's custom format) and every stored file (the
// local folder under DATA_DIR or the S3 bucket) — read with the same settings `npm start` uses.
// Prints the archive's path as its last line. `--upload` also puts it in S3 under `backups/` and
// keeps the newest BACKUP_KEEP there (docs/backups.md).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { BACKUP_PREFIX, FORMAT, main, run, serverMajor, serviceSchemas, settings, storedKeys, toolMajor, withDatabase } from './backups.mjs';

await main(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, upload: { type: 'boolean', default: false } } });
  const { config, storage, skipPrefix, backupStore } = settings();
  const createdAt = new Date();
  const name = `visualnotes-${createdAt.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
  const out = resolve(values.out ?? join(process.env.BACKUP_DIR || join(config.DATA_DIR, 'backups'), name));

  const dump = await toolMajor('pg_dump');
  const { schemas, server } = await withDatabase(config.DATABASE_URL, async (client) => ({
    schemas: await serviceSchemas(client),
    server: await serverMajor(client),
  }));
  if (dump.major < server) {
    throw new Error(`pg_dump ${dump.major} cannot back up PostgreSQL ${server}: install the PostgreSQL ${server} client tools (${dump.text})`);
  }
  if (!schemas.length) throw new Error(`The database named by DATABASE_URL holds no service data yet: nothing to back up`);

  const work = await mkdtemp(join(tmpdir(), 'visualnotes-backup-'));
  try {
    // The whole database, not only the service schemas: the extensions they use come with it.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', join(work, 'database.dump')], {
      databaseUrl: config.DATABASE_URL,
    });
    const keys = await storedKeys(storage, skipPrefix);
    let bytes = 0;
    for (const key of keys) {
      const target = join(work, 'files', ...key.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await pipeline(await storage.get(key), createWriteStream(target));
      bytes += (await stat(target)).size;
    }
    const manifest = {
      format: FORMAT,
      created_at: createdAt.toISOString(),
      postgres: { server_major: server, pg_dump_major: dump.major, schemas },
      files: { storage: config.STORAGE, count: keys.length, bytes },
    };
    await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    await mkdir(dirname(out), { recursive: true });
    // The system tar: present wherever the product runs, and it streams files from disk as they are.
    const partial = `${out}.part`;
    await run('tar', ['-czf', partial, '-C', work, 'manifest.json', 'database.dump', ...(keys.length ? ['files'] : [])]);
    await rename(partial, out);
    console.error(`Backed up ${schemas.length} schemas (${schemas.join(', ')}) and ${keys.length} files (${bytes} bytes).`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  if (values.upload) {
    const store = backupStore();
    await store.put(`${BACKUP_PREFIX}${basename(out)}`, createReadStream(out), { contentType: 'application/gzip' });
    const keep = Number(process.env.BACKUP_KEEP || 7);
    if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of at least 1 (got "${process.env.BACKUP_KEEP}")`);
    // Names carry their time, so sorting them sorts the backups oldest first.
    const kept = (await storedKeys(store)).filter((k) => k.startsWith(`${BACKUP_PREFIX}visualnotes-`) && k.endsWith('.tar.gz'));
    for (const old of kept.slice(0, Math.max(0, kept.length - keep))) await store.delete(old);
    console.error(`Uploaded to ${BACKUP_PREFIX}${basename(out)}; keeping the newest ${Math.min(keep, kept.length)} backups there.`);
  }
  console.log(out);
});
