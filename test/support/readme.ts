import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every environment variable the table of main settings names (docs/configuration.md): the first
 * column, and the variables named in backticks in the other cells (e.g. the S3_* settings under STORAGE).
 */
export function readmeVariables(): string[] {
  const readme = readFileSync(join(__dirname, '../../docs/configuration.md'), 'utf8');
  const section = readme.split(/^## The main settings$/m)[1].split(/^## /m)[0];
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    for (const [, name] of line.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) names.add(name);
  }
  return [...names];
}
