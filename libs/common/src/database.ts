import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** Creates the database named in the URL when it does not exist yet (idempotent, race-safe). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created by a copy starting at the same time
      });
    }
  } finally {
    await client.end();
  }
}

export interface ServiceDataOptions {
  url: string;
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize?: number;
}

export function dataSourceOptions(o: ServiceDataOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: o.poolSize ?? 10 },
  };
}

/**
 * Opens the service's data source: its own schema, migrations run at start under an advisory
 * lock so that copies starting together do not run them twice.
 */
export async function openDataSource(o: ServiceDataOptions): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(o));
  await ds.initialize();
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${o.schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${o.schema}"`);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${o.schema}`]).catch(() => undefined);
    await runner.release();
  }
  return ds;
}
