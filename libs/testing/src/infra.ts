import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

/** The PostgreSQL server tests use: DATABASE_URL's server, else the local one. */
export function serverUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

/** A fresh, empty database for one test file; `drop()` removes it. */
export async function createTestDatabase(label = 'test'): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `vn_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new Client({ connectionString: serverUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Redis for one test environment: the shared server, with a key prefix of its own (REDIS_PREFIX),
 * so test runs never see each other's queues or RPC requests. `flush()` deletes its keys.
 */
export async function createTestRedis(): Promise<{ url: string; prefix: string; flush: () => Promise<void> }> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const flush = async () => {
    const r = new Redis(url, { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await r.unlink(...keys);
    } while (cursor !== '0');
    r.disconnect();
  };
  return { url, prefix, flush };
}

export function tempDir(label = 'data'): string {
  return mkdtempSync(join(tmpdir(), `vn-${label}-`));
}

/** Polls until `check` returns a truthy value or the time runs out. */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > until) {
      throw new Error(`Timed out after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
