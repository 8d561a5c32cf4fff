import type { Capabilities } from '@visualnotes/contracts';
import { api } from './api';

/** What this installation offers (`GET /api/capabilities`): pages leave out what would only fail. */
export const capabilitiesApi = api.injectEndpoints({
  endpoints: (b) => ({
    capabilities: b.query<Capabilities, void>({ query: () => '/capabilities', keepUnusedDataFor: 300 }),
  }),
});

export const { useCapabilitiesQuery } = capabilitiesApi;

/** What the server wrote into the page (`#site-capabilities`); null when it did not. */
export function servedCapabilities(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Capabilities | null {
  const text = doc?.getElementById('site-capabilities')?.textContent;
  try {
    const value = text ? (JSON.parse(text) as Partial<Capabilities>) : null;
    return value && typeof value.transcription === 'boolean' && typeof value.google_sign_in === 'boolean'
      ? { google_sign_in: value.google_sign_in, transcription: value.transcription }
      : null;
  } catch {
    return null;
  }
}

/** Pages start with what the server wrote: the first paint shows the tools as they are, without asking again. */
export function preloadCapabilities(dispatch: (action: unknown) => unknown, served = servedCapabilities()): void {
  if (served) dispatch(capabilitiesApi.util.upsertQueryEntries([{ endpointName: 'capabilities', arg: undefined, value: served }]));
}
