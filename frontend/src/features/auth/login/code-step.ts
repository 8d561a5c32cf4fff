import { readStoredJson, writeStored } from '../../../app/browser-storage';

/**
 * The security code step outlives a reload of the tab (the code arrives by e-mail, and people
 * reload while they wait): its challenge is kept in the tab's storage for as long as the code is valid.
 */
const CODE_STEP_KEY = 'auth.code-step';
const CODE_VALID_MS = 10 * 60_000;

export function keepCodeStep(challenge: string | null) {
  writeStored('tab', CODE_STEP_KEY, challenge ? JSON.stringify({ challenge, until: Date.now() + CODE_VALID_MS }) : null);
}

export function keptCodeStep(): string | null {
  const kept = readStoredJson<{ challenge?: unknown; until?: unknown }>('tab', CODE_STEP_KEY);
  return kept && typeof kept.challenge === 'string' && typeof kept.until === 'number' && kept.until > Date.now() ? kept.challenge : null;
}
