import type { HealthReply } from './common';
import type {
  Collaborator,
  CollaboratorRole,
  Project,
  ProjectVersion,
  VersionComparison,
  ProjectSummary,
  PublicationStatistics,
  PublishedItem,
  PublishedProject,
  PublishResult,
  Scene,
  SceneElement,
  SceneFile,
  SharedItem,
  ShareLink,
  Template,
  TemplateCategory,
  TemplateSummary,
} from '../dto/publish';
import type { BlogArticle, BlogLang, BlogListItem } from '../dto/blog';
import type { ExportCreated, ExportFile, ExportRequest, ExportState } from '../dto/exports';
import type { Outline } from '../dto/outline';

/** RPC patterns answered by the publish service. */
export const PublishPatterns = {
  health: 'publish.health',
  projectsList: 'publish.projects.list',
  projectsCreate: 'publish.projects.create',
  projectsGet: 'publish.projects.get',
  projectsUpdate: 'publish.projects.update',
  /** Changed elements only, merged element by element into the saved scene (`PATCH /api/projects/:id/elements`). */
  projectsMerge: 'publish.projects.merge',
  projectsDelete: 'publish.projects.delete',
  projectFile: 'publish.projects.file',
  /** An SVG picture of an imported drawing, cleaned as published snapshots are. */
  imageClean: 'publish.images.clean',
  collaboratorsList: 'publish.collaborators.list',
  collaboratorsAdd: 'publish.collaborators.add',
  collaboratorsUpdate: 'publish.collaborators.update',
  collaboratorsRemove: 'publish.collaborators.remove',
  versionsList: 'publish.versions.list',
  versionsGet: 'publish.versions.get',
  versionsRestore: 'publish.versions.restore',
  /** Exports of a board to PDF, PowerPoint or ZIP, rendered by the export workers. */
  exportsCreate: 'publish.exports.create',
  exportsGet: 'publish.exports.get',
  exportsFile: 'publish.exports.file',
  /** A summary's outline set as a PDF while its reader waits. */
  outlinesPdf: 'publish.outlines.pdf',
  /** What changed between two kept versions, or a version and the scene now. */
  versionsCompare: 'publish.versions.compare',
  /** Chosen elements of a kept version put back on the board as they were then. */
  versionsRestoreElements: 'publish.versions.restoreElements',
  /** Changes made on the live channel, merged into the saved scene (sent by the gateway in batches). */
  liveSave: 'publish.live.save',
  publish: 'publish.publications.publish',
  unpublish: 'publish.publications.unpublish',
  publishedView: 'publish.publications.view',
  publishedMeta: 'publish.publications.meta',
  /** A PDF of a published board for anyone, when its owner offers it (one export per publication, shared by its visitors). */
  publishedExport: 'publish.publications.export',
  publishedExportGet: 'publish.publications.exportGet',
  publishedExportFile: 'publish.publications.exportFile',
  publishedMine: 'publish.publications.mine',
  statistics: 'publish.statistics.get',
  shareCreate: 'publish.shares.create',
  shareList: 'publish.shares.list',
  shareGet: 'publish.shares.get',
  shareRevoke: 'publish.shares.revoke',
  templatesList: 'publish.templates.list',
  templatesMine: 'publish.templates.mine',
  templatesPending: 'publish.templates.pending',
  templatesGet: 'publish.templates.get',
  templatesSubmit: 'publish.templates.submit',
  templatesUse: 'publish.templates.use',
  templatesReview: 'publish.templates.review',
  /** Every live publication, for sitemap.xml (answered by the publications module). */
  publishedSitemap: 'publish.publications.sitemap',
  blogList: 'publish.blog.list',
  blogGet: 'publish.blog.get',
  /** Every article in every language, for sitemap.xml, RSS and hreflang links. */
  blogIndex: 'publish.blog.index',
} as const;

/** The caller as the gateway authenticated it. */
export interface PublishCaller {
  user_id: string;
  scope?: unknown;
}
/** A visitor of a published page as the gateway saw it: hashed by the service, never stored raw. */
export interface PageVisit {
  ip: string;
  user_agent?: string;
  referrer?: string;
}

export interface PublishRpc {
  'publish.health': { req: Record<string, never>; res: HealthReply };
  /** `email` (the caller's, from the access token) accepts invitations sent to that address. */
  'publish.projects.list': { req: PublishCaller & { email?: string }; res: ProjectSummary[] };
  'publish.projects.create': { req: PublishCaller & { title?: string; template_id?: string; scene?: unknown }; res: Project };
  'publish.projects.get': { req: PublishCaller & { id: string }; res: Project };
  'publish.projects.update': { req: PublishCaller & { id: string; title?: string; scene?: unknown; version: number }; res: Project };
  /** Owner or editor; answers the version saved and how many elements were newer than the saved ones. */
  'publish.projects.merge': {
    req: PublishCaller & { id: string; elements: SceneElement[]; files?: Record<string, SceneFile> };
    res: { version: number; changed: number; refused?: string };
  };
  'publish.projects.delete': { req: PublishCaller & { id: string }; res: { ok: true } };
  /** Where an image of a project lives, if the caller may see it (owner, published or shared). */
  'publish.projects.file': {
    req: { user_id?: string; project_id?: string; public_id?: string; share_id?: string; file_id: string };
    res: { storage_key: string; content_type: string };
  };
  /** `svg` null: not a well-formed SVG document (nothing could be kept). */
  'publish.images.clean': { req: { svg: string }; res: { svg: string | null } };
  'publish.collaborators.list': { req: PublishCaller & { id: string }; res: Collaborator[] };
  /** `inviter_name` (the owner's name) is shown in the invitation mail. */
  'publish.collaborators.add': { req: PublishCaller & { id: string; email: string; role: CollaboratorRole; inviter_name?: string }; res: Collaborator };
  'publish.collaborators.update': { req: PublishCaller & { id: string; member_id: string; role: CollaboratorRole }; res: Collaborator };
  'publish.collaborators.remove': { req: PublishCaller & { id: string; member_id: string }; res: { ok: true } };
  'publish.versions.list': { req: PublishCaller & { id: string }; res: ProjectVersion[] };
  'publish.versions.get': { req: PublishCaller & { id: string; version_id: string }; res: ProjectVersion & { scene: Scene } };
  'publish.versions.restore': { req: PublishCaller & { id: string; version_id: string }; res: Project };
  'publish.exports.create': { req: PublishCaller & { id: string } & ExportRequest; res: ExportCreated };
  'publish.exports.get': { req: PublishCaller & { export_id: string }; res: ExportState };
  'publish.exports.file': { req: PublishCaller & { export_id: string }; res: ExportFile };
  /** `data`: the PDF, base64 (a summary's PDF is tens of kB). */
  'publish.outlines.pdf': { req: PublishCaller & { outline: Outline }; res: { data: string; pages: number } };
  'publish.versions.compare': { req: PublishCaller & { id: string; from: string; to: string }; res: VersionComparison };
  /** `restored`: the elements it changed on the board (as saved), for the live channel to announce. */
  'publish.versions.restoreElements': {
    req: PublishCaller & { id: string; version_id: string; element_ids: string[] };
    res: Project & { restored: SceneElement[] };
  };
  /**
   * Elements changed on the live channel since the last batch, merged element by element into the
   * saved scene (the gateway checked each sender's role). `user_id` is named as the author of a
   * version kept for it; each image reference names who added it (`by`), whose upload it must be.
   */
  'publish.live.save': {
    /** `editor_ids`: everyone whose changes are in the batch (the history names them). */
    req: { id: string; user_id: string; elements: SceneElement[]; files?: Record<string, SceneFile & { by: string }>; editor_ids?: string[] };
    /** `refused`: why some picture references were left out (their elements were saved). */
    res: { version: number; changed: number; refused?: string };
  };
  'publish.publications.publish': { req: PublishCaller & { id: string; svg?: string; description?: string; allow_download?: boolean }; res: PublishResult };
  'publish.publications.export': { req: { public_id: string }; res: ExportCreated };
  'publish.publications.exportGet': { req: { public_id: string; export_id: string }; res: Omit<ExportState, 'project_id'> };
  'publish.publications.exportFile': { req: { public_id: string; export_id: string }; res: ExportFile };
  'publish.publications.unpublish': { req: PublishCaller & { id: string }; res: { ok: true } };
  /** Counts one view (unless `count` is false, or the signed-in viewer is the owner) and answers the published project. */
  'publish.publications.view': { req: { public_id: string; visit?: PageVisit; count?: boolean; viewer_id?: string }; res: PublishedProject };
  /** Title, description and snapshot location for the server-rendered page (counts nothing). */
  'publish.publications.meta': {
    req: { public_id: string };
    res: { title: string; description: string; published_at: string; snapshot_key: string | null; allow_download: boolean };
  };
  'publish.publications.mine': { req: PublishCaller; res: PublishedItem[] };
  'publish.statistics.get': { req: PublishCaller & { public_id: string; days?: number }; res: PublicationStatistics };
  'publish.shares.create': { req: PublishCaller & { id: string }; res: ShareLink };
  'publish.shares.list': { req: PublishCaller & { id: string }; res: ShareLink[] };
  'publish.shares.get': { req: { share_id: string }; res: SharedItem };
  'publish.shares.revoke': { req: PublishCaller & { share_id?: string; project_id?: string }; res: { ok: true } };
  /** An unknown `category` lists nothing. */
  'publish.templates.list': { req: { category?: string }; res: TemplateSummary[] };
  'publish.templates.mine': { req: PublishCaller; res: TemplateSummary[] };
  'publish.templates.pending': { req: PublishCaller; res: TemplateSummary[] };
  'publish.templates.get': { req: { id: string; user_id?: string; scope?: unknown }; res: Template };
  'publish.templates.submit': {
    req: PublishCaller & { project_id: string; name: string; description?: string; category: TemplateCategory };
    res: TemplateSummary;
  };
  'publish.templates.use': { req: PublishCaller & { id: string; title?: string }; res: Project };
  'publish.templates.review': { req: PublishCaller & { id: string; decision: 'approve' | 'reject' }; res: TemplateSummary };
  'publish.publications.sitemap': { req: { limit?: number }; res: { public_id: string; published_at: string }[] };
  'publish.blog.list': { req: { lang: BlogLang }; res: BlogListItem[] };
  'publish.blog.get': { req: { slug: string; lang: BlogLang }; res: BlogArticle };
  'publish.blog.index': { req: Record<string, never>; res: BlogListItem[] };
}
