import type { BatchSummaryView, BatchView, CreateBatchBody } from '@visualnotes/contracts';
import { api } from '../../app/api/api';

/** Batches of videos: links, a playlist or files in one go (`/api/batches`). */
export const batchesApi = api.enhanceEndpoints({ addTagTypes: ['Batch', 'Batches', 'Videos'] }).injectEndpoints({
  endpoints: (b) => ({
    createBatch: b.mutation<BatchView, CreateBatchBody | FormData>({
      query: (body) => ({ url: 'batches', method: 'POST', body }),
      invalidatesTags: ['Batches', 'Videos'],
    }),
    listBatches: b.query<BatchSummaryView[], void>({ query: () => 'batches', providesTags: ['Batches'] }),
    getBatch: b.query<BatchView, string>({
      query: (id) => `batches/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Batch', id }],
    }),
    retryBatch: b.mutation<BatchView, string>({
      query: (id) => ({ url: `batches/${id}/retry`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['Batches', { type: 'Batch', id }],
    }),
    cancelBatch: b.mutation<BatchView, string>({
      query: (id) => ({ url: `batches/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => ['Batches', 'Videos', { type: 'Batch', id }],
    }),
  }),
});

export const { useCreateBatchMutation, useListBatchesQuery, useGetBatchQuery, useRetryBatchMutation, useCancelBatchMutation } = batchesApi;
