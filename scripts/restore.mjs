#!/usr/bin/env node
// `npm run restore -- FILE [--force]`: brings an archive made by `npm run backup` back into the
// database and the file storage that DATABASE_URL, DATA_DIR and the S3_* settings name (as for
// `npm start`). Refuses a target that already holds data unless `--force`, which first removes the
// service schemas and the stored files there. Stop the services before restoring.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMAT, databaseInUse, ensureDatabase, main, run, serverMajor, serviceSchemas, settings, storedKeys, toolMajor, withDatabase } from './backups.mjs';

await main(async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new Error('Usage: npm run restore -- FILE [--force]');
  const file = resolve(positionals[0]);
  const { config, storage, skipPrefix } = settings();

  const work = await mkdtemp(join(tmpdir(), 'visualnotes-restore-'));
  try {
    await run('tar', ['-xzf', file, '-C', work]).catch((err) => {
      throw new Error(`${file} is not a backup archive that can be read: ${err.message}`);
    });
    const manifest = JSON.parse(await readFile(join(work, 'manifest.json'), 'utf8').catch(() => 'null'));
    if (!manifest || typeof manifest.format !== 'number') throw new Error(`${file} is not a VisualNotes backup (no manifest.json)`);
    if (manifest.format > FORMAT) throw new Error(`${file} is a backup of format ${manifest.format}; this version reads format ${FORMAT} and earlier`);

    const tool = await toolMajor('pg_restore');
    if (tool.major < manifest.postgres.pg_dump_major) {
      throw new Error(
        `The backup was made with pg_dump ${manifest.postgres.pg_dump_major}; restoring it needs pg_restore ${manifest.postgres.pg_dump_major} or later (${tool.text})`,
      );
    }

    await ensureDatabase(config.DATABASE_URL);
    const existing = await storedKeys(storage, skipPrefix);
    await withDatabase(config.DATABASE_URL, async (client) => {
      const server = await serverMajor(client);
      if (server < manifest.postgres.server_major) {
        console.error(`Warning: the backup comes from PostgreSQL ${manifest.postgres.server_major}, the target runs ${server}.`);
      }
      const inUse = await databaseInUse(client);
      if ((inUse || existing.length) && !values.force) {
        const what = [inUse && 'the database already holds data', existing.length && `the storage already holds ${existing.length} files`].filter(Boolean);
        throw new Error(`Refusing to restore: ${what.join(' and ')}. Restore into an empty database and storage, or add --force to replace what is there.`);
      }
      if (values.force) {
        for (const schema of new Set([...(await serviceSchemas(client)), ...manifest.postgres.schemas])) {
          await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
        }
      }
    });
    if (values.force) for (const key of existing) await storage.delete(key);

    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--dbname',
        decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)),
        join(work, 'database.dump'),
      ],
      {
        databaseUrl: config.DATABASE_URL,
      },
    );

    const filesDir = join(work, 'files');
    const entries = await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
    let count = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      await storage.put(relative(filesDir, path).split(sep).join('/'), createReadStream(path));
      count += 1;
    }
    if (count !== manifest.files.count) throw new Error(`The archive should hold ${manifest.files.count} files but holds ${count}; the restore is incomplete`);
    console.log(
      `Restored ${manifest.postgres.schemas.length} schemas (${manifest.postgres.schemas.join(', ')}) and ${count} files from the backup of ${manifest.created_at}.`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
