/**
 * The browser's stores: the one way the app reaches them. `local` is shared by every tab and kept;
 * `tab` lives as long as the tab. Where a store is refused (private modes, storage disabled, a
 * sandboxed frame) or full, reads find nothing and writes are dropped: nothing the app keeps there
 * is more than a convenience, so it works on without it.
 */
export type StoreKind = 'local' | 'tab';

function storeOf(kind: StoreKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The whole Storage, for code that works on one itself (the chunk-reload guard). */
export function localStore(): Storage | undefined {
  return storeOf('local');
}

export function tabStore(): Storage | undefined {
  return storeOf('tab');
}

/** The value kept under `key`, or null. */
export function readStored(kind: StoreKind, key: string): string | null {
  try {
    return storeOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null removes it); false when the browser refused. */
export function writeStored(kind: StoreKind, key: string, value: string | null): boolean {
  const store = storeOf(kind);
  if (!store) return false;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false; // full (QuotaExceededError) or refused
  }
}

/** A JSON value kept under `key`, or null when there is none or it does not parse. */
export function readStoredJson<T>(kind: StoreKind, key: string): T | null {
  const raw = readStored(kind, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
