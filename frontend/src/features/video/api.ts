import type {
  CorrectTranscriptLineBody,
  CreateHighlightBody,
  CreateVideoBody,
  CreateVideoReply,
  HighlightView,
  RegenerateSummaryBody,
  TagView,
  UpdateHighlightBody,
  UpdateVideoBody,
  VideoCard,
  VideoView,
} from '@visualnotes/contracts';
import { api } from '../../app/api/api';
import { deviceFingerprint } from '../auth/fingerprint';

/** Visitors are known by their device fingerprint on the video routes. */
const fp = () => ({ 'X-Fingerprint': deviceFingerprint() });

export interface LibraryFilter {
  favorite?: boolean;
  tag?: string;
  q?: string;
}

export const videoApi = api.enhanceEndpoints({ addTagTypes: ['Video', 'Videos', 'Tags', 'Highlights'] }).injectEndpoints({
  endpoints: (b) => ({
    createVideo: b.mutation<CreateVideoReply, CreateVideoBody>({
      query: (body) => ({ url: 'videos', method: 'POST', body, headers: fp() }),
      invalidatesTags: ['Videos'],
    }),
    getVideo: b.query<VideoView, string>({
      query: (id) => ({ url: `videos/${id}`, headers: fp() }),
      providesTags: (_r, _e, id) => [{ type: 'Video', id }],
    }),
    listVideos: b.query<VideoCard[], LibraryFilter>({
      query: ({ favorite, tag, q }) => ({
        url: 'videos',
        params: { ...(favorite ? { favorite: 'true' } : {}), ...(tag ? { tag } : {}), ...(q ? { q } : {}) },
      }),
      providesTags: ['Videos'],
    }),
    updateVideo: b.mutation<VideoView, { id: string } & UpdateVideoBody>({
      query: ({ id, ...body }) => ({ url: `videos/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => ['Videos', { type: 'Video', id }],
    }),
    deleteVideo: b.mutation<void, string>({
      query: (id) => ({ url: `videos/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Videos'],
    }),
    /** The summary written again from the transcript as it is now, at a length. */
    regenerateSummary: b.mutation<CreateVideoReply, { id: string } & RegenerateSummaryBody>({
      query: ({ id, ...body }) => ({ url: `videos/${id}/summary`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Video', id }],
    }),
    /** One transcript line's corrected text. */
    correctTranscriptLine: b.mutation<VideoView, { id: string; index: number } & CorrectTranscriptLineBody>({
      query: ({ id, index, ...body }) => ({ url: `videos/${id}/transcript/${index}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Video', id }, 'Videos'],
    }),
    listTags: b.query<TagView[], void>({ query: () => 'tags', providesTags: ['Tags'] }),
    createTag: b.mutation<TagView, string>({ query: (name) => ({ url: 'tags', method: 'POST', body: { name } }), invalidatesTags: ['Tags'] }),
    renameTag: b.mutation<TagView, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `tags/${id}`, method: 'PATCH', body: { name } }),
      invalidatesTags: ['Tags', 'Videos'],
    }),
    deleteTag: b.mutation<void, string>({ query: (id) => ({ url: `tags/${id}`, method: 'DELETE' }), invalidatesTags: ['Tags', 'Videos'] }),
    listHighlights: b.query<HighlightView[], string>({
      query: (videoId) => `videos/${videoId}/highlights`,
      providesTags: (_r, _e, id) => [{ type: 'Highlights', id }],
    }),
    createHighlight: b.mutation<HighlightView, { videoId: string } & CreateHighlightBody>({
      query: ({ videoId, ...body }) => ({ url: `videos/${videoId}/highlights`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { videoId }) => [{ type: 'Highlights', id: videoId }],
    }),
    updateHighlight: b.mutation<HighlightView, { id: string; videoId: string } & UpdateHighlightBody>({
      query: ({ id, videoId: _v, ...body }) => ({ url: `highlights/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { videoId }) => [{ type: 'Highlights', id: videoId }],
    }),
    deleteHighlight: b.mutation<void, { id: string; videoId: string }>({
      query: ({ id }) => ({ url: `highlights/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { videoId }) => [{ type: 'Highlights', id: videoId }],
    }),
  }),
});

export const {
  useCreateVideoMutation,
  useGetVideoQuery,
  useListVideosQuery,
  useUpdateVideoMutation,
  useDeleteVideoMutation,
  useRegenerateSummaryMutation,
  useCorrectTranscriptLineMutation,
  useListTagsQuery,
  useCreateTagMutation,
  useRenameTagMutation,
  useDeleteTagMutation,
  useListHighlightsQuery,
  useCreateHighlightMutation,
  useUpdateHighlightMutation,
  useDeleteHighlightMutation,
} = videoApi;
