#!/usr/bin/env node
// Operator commands of the license service, sent over RPC to a running license service
// (same DATABASE_URL/REDIS_URL/REDIS_PREFIX environment as the product). Needs `npm run build`.
//
//   npm run license -- issue --email someone@example.com --tier pro --plan yearly [--product desktop|premium|publisher] [--name "..."]
//   npm run license -- import-codes --file codes.txt [--tier pro] [--product desktop]   (one deal-site code per line)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const usage = `Usage:
  npm run license -- issue --email <address> --tier pro|pro_plus|pro_max --plan monthly|yearly|lifetime [--product desktop|premium|publisher] [--name <text>]
  npm run license -- import-codes --file <codes.txt> [--tier pro|pro_plus|pro_max] [--product desktop|premium|publisher]`;

const [command, ...rest] = process.argv.slice(2);
let values;
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      tier: { type: 'string' },
      plan: { type: 'string' },
      product: { type: 'string' },
      name: { type: 'string' },
      file: { type: 'string' },
    },
  }));
} catch (err) {
  console.error(`${err.message}\n${usage}`);
  process.exit(2);
}
if (command !== 'issue' && command !== 'import-codes') {
  console.error(usage);
  process.exit(2);
}

let common;
let contracts;
try {
  common = require('@visualnotes/common');
  contracts = require('@visualnotes/contracts');
} catch {
  console.error('The built code was not found: run `npm run build` first.');
  process.exit(1);
}
const { baseEnvSchema, loadConfig, RedisQueueClient } = common;
const { Patterns } = contracts;

const config = loadConfig(baseEnvSchema, process.env);
const client = new RedisQueueClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, timeoutMs: 15_000 });
const send = (pattern, data) => new Promise((resolve, reject) => client.send(pattern, data).subscribe({ next: resolve, error: reject }));

try {
  if (command === 'issue') {
    if (!values.email || !values.plan) throw { message: `--email and --plan are required\n${usage}` };
    const license = await send(Patterns.license.issue, {
      email: values.email,
      tier: values.tier,
      plan: values.plan,
      product: values.product,
      name: values.name,
    });
    const key = license.key.replace(/(\d{4})(?=\d)/g, '$1-');
    console.log(`Issued ${license.name} (${license.plan}, ${license.max_devices} devices) to ${license.owner_email}`);
    console.log(`  id:          ${license.id}`);
    console.log(`  key:         ${key}`);
    console.log(`  valid until: ${license.valid_until ?? 'lifetime'}`);
  } else {
    if (!values.file) throw { message: `--file is required\n${usage}` };
    const codes = readFileSync(values.file, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const answer = await send(Patterns.license.importCodes, { codes, tier: values.tier, product: values.product });
    console.log(`Imported ${answer.imported} code(s); ${answer.skipped} skipped (duplicates or malformed).`);
  }
  await client.close();
  process.exit(0);
} catch (err) {
  console.error(err?.message ?? String(err));
  await client.close().catch(() => undefined);
  process.exit(1);
}
