import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@visualnotes/contracts';

/** A random 16-digit key: 15 random digits and a Luhn check digit, so that typos are caught before a look-up. */
export function newLicenseKey(): string {
  let body = String(randomInt(1, 10));
  while (body.length < 15) body += String(randomInt(0, 10));
  return body + String(luhnCheckDigit(body));
}

/** Shown as 4 groups of 4 digits. */
export function formatLicenseKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1-');
}
