// Operators: `npm run -w @visualnotes/auth scope -- <email> [scope ...]` sets an account's scope
// (e.g. `admin`); with no scope it prints the current one. Uses DATABASE_URL like the service.
import { loadConfig } from '@visualnotes/common';
import { Client } from 'pg';
import { authEnvSchema } from '../config';

async function main() {
  const [email, ...scopes] = process.argv.slice(2);
  if (!email) {
    console.error('usage: scope <email> [scope ...]');
    process.exit(2);
  }
  const config = loadConfig(authEnvSchema);
  const db = new Client({ connectionString: config.DATABASE_URL });
  await db.connect();
  try {
    const sql = scopes.length
      ? 'UPDATE auth.users SET scope = $2::jsonb, updated_at = now() WHERE email = $1 RETURNING scope'
      : 'SELECT scope FROM auth.users WHERE email = $1';
    const params = scopes.length ? [email.trim().toLowerCase(), JSON.stringify(scopes)] : [email.trim().toLowerCase()];
    const { rows } = await db.query(sql, params);
    if (!rows.length) {
      console.error(`No account with the e-mail ${email}`);
      process.exit(1);
    }
    console.log(`${email}: ${JSON.stringify(rows[0].scope)} (takes effect at the next login or token refresh)`);
  } finally {
    await db.end();
  }
}

void main();
