import { msg } from '../../i18n/msg';
import type { PublicationStatistics, PublishedItem, ProjectSummary, Template, TemplateSummary } from '@visualnotes/contracts';
import { api } from '../../app/api/api';

/** Lists and panels of the canvas area (the editor itself saves through `sync.ts`). */
export const canvasApi = api.enhanceEndpoints({ addTagTypes: ['Projects', 'Published', 'Templates'] }).injectEndpoints({
  endpoints: (b) => ({
    projects: b.query<ProjectSummary[], void>({ query: () => '/projects', providesTags: ['Projects'] }),
    deleteProject: b.mutation<void, string>({ query: (id) => ({ url: `/projects/${id}`, method: 'DELETE' }), invalidatesTags: ['Projects', 'Published'] }),
    published: b.query<PublishedItem[], void>({ query: () => '/published', providesTags: ['Published'] }),
    statistics: b.query<PublicationStatistics, string>({ query: (publicId) => `/p/${encodeURIComponent(publicId)}/statistics` }),
    templates: b.query<TemplateSummary[], string | undefined>({
      query: (category) => (category ? `/templates?category=${encodeURIComponent(category)}` : '/templates'),
      providesTags: ['Templates'],
    }),
    template: b.query<Template, string>({ query: (id) => `/templates/${encodeURIComponent(id)}` }),
    myTemplates: b.query<TemplateSummary[], void>({ query: () => '/templates/mine', providesTags: ['Templates'] }),
  }),
});

export const { useProjectsQuery, useDeleteProjectMutation, usePublishedQuery, useStatisticsQuery, useTemplatesQuery, useTemplateQuery, useMyTemplatesQuery } =
  canvasApi;

export function errorText(error: unknown): string {
  const data = (error as { data?: { message?: string } } | undefined)?.data;
  return data?.message ?? msg('Something went wrong; please try again');
}
