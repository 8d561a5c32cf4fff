import type { Capabilities } from '@visualnotes/contracts';
import { api } from './api';

/** What this installation offers (`GET /api/capabilities`): pages leave out what would only fail. */
const capabilitiesApi = api.injectEndpoints({
  endpoints: (b) => ({
    capabilities: b.query<Capabilities, void>({ query: () => '/capabilities', keepUnusedDataFor: 300 }),
  }),
});

export const { useCapabilitiesQuery } = capabilitiesApi;
