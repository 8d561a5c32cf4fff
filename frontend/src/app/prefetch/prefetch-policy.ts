/** The parts of `navigator.connection` (Network Information API) that matter here. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export interface PrefetchEnvironment {
  online: boolean;
  connection?: ConnectionInfo | null;
}

/** Prefetching linked pages is skipped offline, on 2g (incl. slow-2g) and with data saving on. */
export function shouldPrefetch({ online, connection }: PrefetchEnvironment): boolean {
  if (!online) return false;
  if (!connection) return true;
  if (connection.saveData) return false;
  if (connection.effectiveType?.includes('2g')) return false;
  return true;
}
