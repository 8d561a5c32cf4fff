import type {
  ExportCreated,
  ExportRequest,
  ExportState,
  MergeElements,
  Project,
  ProjectVersion,
  VersionComparison,
  PublicationStatistics,
  PublishedItem,
  ProjectSummary,
  PublishedProject,
  PublishResult,
  Scene,
  SharedItem,
  ShareLink,
  Template,
  TemplateSummary,
} from '@visualnotes/contracts';
import { ANONYMOUS, api } from '../../app/api/api';

/** The canvas area: lists and panels (hooks) and the editor's calls (awaited through `runApi`). */
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
    project: b.query<Project, string>({ query: (id) => `/projects/${id}` }),
    createProject: b.mutation<Project, { title?: string; template_id?: string; scene?: Scene }>({
      query: (body) => ({ url: '/projects', method: 'POST', body }),
      invalidatesTags: ['Projects'],
    }),
    /** A new project from a drawing file (`.excalidraw`, PNG/SVG with the scene, Obsidian note). */
    importProject: b.mutation<Project, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: '/projects/import', method: 'POST', body: form };
      },
      invalidatesTags: ['Projects'],
    }),
    saveProject: b.mutation<Project, { id: string; body: Partial<Pick<Project, 'title' | 'scene' | 'version'>> & Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/projects/${id}`, method: 'PUT', body }),
    }),
    /** Saves what changed: the changed elements, merged by element version on the server. */
    saveElements: b.mutation<{ version: number; changed: number; refused?: string }, { id: string; body: MergeElements }>({
      query: ({ id, body }) => ({ url: `/projects/${id}/elements`, method: 'PATCH', body }),
    }),
    publish: b.mutation<PublishResult, { id: string; svg?: string; description?: string; allow_download?: boolean }>({
      query: ({ id, ...body }) => ({ url: `/projects/${id}/publish`, method: 'POST', body }),
      invalidatesTags: ['Published'],
    }),
    unpublish: b.mutation<void, string>({ query: (id) => ({ url: `/projects/${id}/publish`, method: 'DELETE' }), invalidatesTags: ['Published'] }),
    shareLinks: b.query<ShareLink[], string>({ query: (id) => `/projects/${id}/share` }),
    createShareLink: b.mutation<ShareLink, string>({ query: (id) => ({ url: `/projects/${id}/share`, method: 'POST' }) }),
    deleteShareLink: b.mutation<void, string>({ query: (shareId) => ({ url: `/share/${shareId}`, method: 'DELETE' }) }),
    createTemplate: b.mutation<TemplateSummary, { project_id: string; name: string; description: string; category: string }>({
      query: (body) => ({ url: '/templates', method: 'POST', body }),
      invalidatesTags: ['Templates'],
    }),
    versions: b.query<ProjectVersion[], string>({ query: (id) => `/projects/${id}/versions` }),
    version: b.query<ProjectVersion & { scene: Scene }, { id: string; versionId: string }>({
      query: ({ id, versionId }) => `/projects/${id}/versions/${versionId}`,
    }),
    restoreVersion: b.mutation<Project, { id: string; versionId: string }>({
      query: ({ id, versionId }) => ({ url: `/projects/${id}/versions/${versionId}/restore`, method: 'POST' }),
    }),
    /** A server export of the board (PDF, PowerPoint, ZIP); followed with `exportState`. */
    startExport: b.mutation<ExportCreated, { id: string; body: ExportRequest }>({
      query: ({ id, body }) => ({ url: `/projects/${id}/export`, method: 'POST', body }),
    }),
    exportState: b.query<ExportState, string>({ query: (exportId) => `/exports/${exportId}` }),
    compareVersions: b.query<VersionComparison, { id: string; from: string; to: string }>({
      query: ({ id, from, to }) => `/projects/${id}/versions/compare?${new URLSearchParams({ from, to })}`,
    }),
    restoreElements: b.mutation<Project, { id: string; versionId: string; element_ids: string[] }>({
      query: ({ id, versionId, element_ids }) => ({ url: `/projects/${id}/versions/${versionId}/restore-elements`, method: 'POST', body: { element_ids } }),
    }),
    publishedProject: b.query<PublishedProject, { id: string; ref: string }>({
      // With the session when there is one, so the owner's own looks are not counted as views.
      query: ({ id, ref }) => `/p/${encodeURIComponent(id)}${ref}`,
    }),
    /** A PDF of a published board its owner offers, for anyone; followed with `publishedExportState`. */
    startPublishedExport: b.mutation<ExportCreated, string>({
      query: (publicId) => ({ url: `/p/${encodeURIComponent(publicId)}/export`, method: 'POST' }),
      extraOptions: ANONYMOUS,
    }),
    publishedExportState: b.query<Omit<ExportState, 'project_id'>, { publicId: string; exportId: string }>({
      query: ({ publicId, exportId }) => `/p/${encodeURIComponent(publicId)}/exports/${encodeURIComponent(exportId)}`,
      extraOptions: ANONYMOUS,
    }),
    sharedItem: b.query<SharedItem, string>({ query: (id) => `/share/${encodeURIComponent(id)}`, extraOptions: ANONYMOUS }),
  }),
});

export const { useProjectsQuery, useDeleteProjectMutation, usePublishedQuery, useStatisticsQuery, useTemplatesQuery, useTemplateQuery, useMyTemplatesQuery } =
  canvasApi;
