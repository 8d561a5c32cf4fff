import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE_URL } from '../constants';
import { currentAuthorization } from './auth-token';

export const baseQuery = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  prepareHeaders(headers) {
    headers.set('Accept', 'application/json, text/plain');
    const authorization = currentAuthorization();
    if (authorization && !headers.has('Authorization')) headers.set('Authorization', authorization);
    return headers;
  },
});

/**
 * The one RTK Query API of the app. Feature code adds endpoints with `api.injectEndpoints`
 * (or a client generated from /api/openapi.json), so this file stays small.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
});
