#!/usr/bin/env node
// `npm run bench [name...]`: starts the built product (every service + gateway) on a database of
// its own, runs bench/*.bench.mjs (or the named ones) and prints one table of figures.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAndCheck, root } from '../scripts/prepare.mjs';

const require = createRequire(import.meta.url);
const wanted = process.argv.slice(2);

await buildAndCheck({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  // SKIP_BUILD=1 measures the dist folders as they are (as `npm start` does)
  build: process.env.SKIP_BUILD !== '1',
});

const { Stack } = require(join(root, 'libs/testing/dist/index.js'));
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort((a, b) => (a.startsWith('foundation') ? -1 : b.startsWith('foundation') ? 1 : a.localeCompare(b)));

// The rate limiter counts every request as in production, with a limit the load never reaches (the
// gateway benchmark alone sends a few hundred thousand requests from one address).
const stack = await Stack.start({ label: 'bench', env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' } });
const rows = [];
const ctx = { baseUrl: stack.url, env: stack.env, stack, root };
try {
  for (const file of files) {
    const started = Date.now();
    process.stderr.write(`running ${file} ...\n`);
    try {
      const mod = await import(pathToFileURL(join(root, 'bench', file)).href);
      for (const row of await mod.run(ctx)) rows.push({ file, ...row });
    } catch (err) {
      process.stderr.write(`${err?.stack ?? err}\n`);
      rows.push({ file, section: file, name: 'error', value: String(err?.message ?? err).slice(0, 120), unit: '' });
    }
    process.stderr.write(`  done in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
} finally {
  await stack.close();
}

const table = rows.map((r) => ({
  section: r.section ?? r.file,
  measure: r.name,
  value: typeof r.value === 'number' ? (Math.abs(r.value) >= 100 ? Math.round(r.value) : Number(r.value.toFixed(2))) : r.value,
  unit: r.unit ?? '',
  goal: r.goal ?? '',
}));
const widths = ['section', 'measure', 'value', 'unit', 'goal'].map((k) => Math.max(k.length, ...table.map((r) => String(r[k]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
console.log(line(['section', 'measure', 'value', 'unit', 'goal']));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of table) console.log(line([r.section, r.measure, r.value, r.unit, r.goal]));
process.exit(0);
