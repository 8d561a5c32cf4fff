import type { CreateSummaryReply, CreateTextSummaryBody, DocumentPageView, DocumentSummaryItem, DocumentSummaryView } from '@visualnotes/contracts';
import { api } from '../../app/api/api';

export const documentsApi = api.enhanceEndpoints({ addTagTypes: ['DocumentSummary'] }).injectEndpoints({
  endpoints: (b) => ({
    summarizeFile: b.mutation<CreateSummaryReply, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: 'summaries', method: 'POST', body };
      },
      invalidatesTags: [{ type: 'DocumentSummary', id: 'LIST' }],
    }),
    summarizeText: b.mutation<CreateSummaryReply, CreateTextSummaryBody>({
      query: (body) => ({ url: 'summaries', method: 'POST', body }),
      invalidatesTags: [{ type: 'DocumentSummary', id: 'LIST' }],
    }),
    listSummaries: b.query<{ items: DocumentSummaryItem[] }, void>({
      query: () => 'summaries',
      providesTags: [{ type: 'DocumentSummary', id: 'LIST' }],
    }),
    getSummary: b.query<DocumentSummaryView, string>({
      query: (id) => `summaries/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'DocumentSummary', id }],
    }),
    getSummaryPage: b.query<DocumentPageView, { id: string; page: number }>({
      query: ({ id, page }) => `summaries/${encodeURIComponent(id)}/pages/${page}`,
    }),
  }),
});

export const {
  useSummarizeFileMutation,
  useSummarizeTextMutation,
  useGetSummaryQuery,
  useListSummariesQuery,
  useGetSummaryPageQuery,
  useLazyGetSummaryPageQuery,
} = documentsApi;
