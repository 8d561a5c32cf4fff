/**
 * The browser's stores, or undefined where they are refused (private modes, storage disabled, a
 * sandboxed frame): the one way the app reaches them. `localStore` is shared by every tab and
 * kept; `tabStore` lives as long as the tab.
 */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function tabStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
