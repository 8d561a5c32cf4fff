import { z } from 'zod';
import type { RequestSchemas } from './common';
import type { PublishRpc } from './publish';
import { callerId, empty, idOf, isUuid, raising, scope } from '../primitives';
import {
  addCollaboratorSchema,
  IMPORTED_SVG_MAX_BYTES,
  PublishMessages,
  restoreElementsSchema,
  SCENE_MAX_ELEMENTS,
  submitTemplateSchema,
  updateCollaboratorSchema,
} from '../dto/publish';
import { blogLangSchema } from '../dto/blog';
import { ExportMessages, exportRequestSchema } from '../dto/exports';
import { outlineSchema } from '../dto/outline';

const caller = { user_id: callerId, scope };
const projectId = idOf('NOT_FOUND', PublishMessages.projectNotFound);
const versionId = idOf('NOT_FOUND', PublishMessages.versionNotFound);
const memberId = idOf('NOT_FOUND', PublishMessages.collaboratorNotFound);
/** Public page and share link ids: the service tells "does not exist" for a malformed one. */
const linkId = z.string().max(100);
const onProject = z.object({ ...caller, id: projectId });
const exportId = idOf('NOT_FOUND', ExportMessages.exportNotFound);

/** Request schemas of the publish service, checked by the transport before a handler runs. */
export const PublishRequests: RequestSchemas<PublishRpc> = {
  'publish.health': empty,
  'publish.projects.list': z.object({ ...caller, email: z.string().max(254).optional() }),
  'publish.projects.create': z.object({ ...caller, title: z.string().optional(), template_id: z.string().max(100).optional(), scene: z.unknown().optional() }),
  'publish.projects.get': onProject,
  'publish.projects.update': z.object({ ...caller, id: projectId, title: z.string().optional(), scene: z.unknown().optional(), version: z.number() }),
  'publish.projects.merge': z.object({
    ...caller,
    id: projectId,
    elements: z.array(z.record(z.string(), z.unknown())).max(SCENE_MAX_ELEMENTS),
    files: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  }) as unknown as z.ZodType<PublishRpc['publish.projects.merge']['req']>,
  'publish.projects.delete': onProject,
  'publish.images.clean': z.object({ svg: z.string().max(IMPORTED_SVG_MAX_BYTES) }),
  'publish.projects.file': z.object({
    user_id: callerId.optional(),
    project_id: z.string().max(100).optional(),
    public_id: linkId.optional(),
    share_id: linkId.optional(),
    file_id: z.string().max(100),
  }),
  'publish.collaborators.list': onProject,
  'publish.collaborators.add': z.object({ ...caller, id: projectId, ...addCollaboratorSchema.shape, inviter_name: z.string().max(200).optional() }),
  'publish.live.save': z.object({
    id: projectId,
    user_id: callerId,
    elements: z.array(z.record(z.string(), z.unknown())).max(100_000),
    files: z.record(z.string(), z.object({ by: z.string() }).passthrough()).optional(),
    editor_ids: z.array(z.string().max(100)).max(1_000).optional(),
  }) as unknown as z.ZodType<PublishRpc['publish.live.save']['req']>,
  'publish.collaborators.update': z.object({ ...caller, id: projectId, member_id: memberId, ...updateCollaboratorSchema.shape }),
  'publish.collaborators.remove': z.object({ ...caller, id: projectId, member_id: memberId }),
  'publish.versions.list': onProject,
  'publish.versions.get': z.object({ ...caller, id: projectId, version_id: versionId }),
  'publish.versions.restore': z.object({ ...caller, id: projectId, version_id: versionId }),
  'publish.exports.create': z.object({ ...caller, id: projectId, ...exportRequestSchema.shape }),
  'publish.exports.get': z.object({ ...caller, export_id: exportId }),
  'publish.exports.file': z.object({ ...caller, export_id: exportId }),
  'publish.outlines.pdf': z.object({ ...caller, outline: outlineSchema }),
  // `to`: a version id or 'current'; anything else is a version that does not exist
  'publish.versions.compare': z.object({
    ...caller,
    id: projectId,
    from: versionId,
    to: raising((v): v is string => v === 'current' || isUuid(v), 'NOT_FOUND', PublishMessages.versionNotFound),
  }),
  'publish.versions.restoreElements': z.object({
    ...caller,
    id: projectId,
    version_id: versionId,
    ...restoreElementsSchema.shape,
  }),
  'publish.publications.publish': z.object({
    ...caller,
    id: projectId,
    svg: z.string().optional(),
    description: z.string().optional(),
    allow_download: z.boolean().optional(),
  }),
  'publish.publications.export': z.object({ public_id: linkId }),
  'publish.publications.exportGet': z.object({ public_id: linkId, export_id: exportId }),
  'publish.publications.exportFile': z.object({ public_id: linkId, export_id: exportId }),
  'publish.publications.unpublish': onProject,
  'publish.publications.view': z.object({
    public_id: linkId,
    visit: z.object({ ip: z.string().max(100), user_agent: z.string().max(8192).optional(), referrer: z.string().max(8192).optional() }).optional(),
    count: z.boolean().optional(),
    viewer_id: z.string().max(100).optional(),
  }),
  'publish.publications.meta': z.object({ public_id: linkId }),
  'publish.publications.mine': z.object(caller),
  'publish.statistics.get': z.object({ ...caller, public_id: linkId, days: z.number().optional() }),
  'publish.shares.create': onProject,
  'publish.shares.list': onProject,
  'publish.shares.get': z.object({ share_id: linkId }),
  'publish.shares.revoke': z.object({ ...caller, share_id: linkId.optional(), project_id: z.string().max(100).optional() }),
  'publish.templates.list': z.object({ category: z.string().max(100).optional() }),
  'publish.templates.mine': z.object(caller),
  'publish.templates.pending': z.object(caller),
  'publish.templates.get': z.object({ id: idOf('NOT_FOUND', PublishMessages.templateNotFound), user_id: callerId.optional(), scope }),
  'publish.templates.submit': z.object({ ...caller, ...submitTemplateSchema.shape }),
  'publish.templates.use': z.object({ ...caller, id: idOf('NOT_FOUND', PublishMessages.templateNotFound), title: z.string().max(1000).optional() }),
  // The operator check comes before the id's: others are refused whatever id they send.
  'publish.templates.review': z.object({ ...caller, id: z.string().max(100), decision: z.enum(['approve', 'reject']) }),
  'publish.publications.sitemap': z.object({ limit: z.number().int().min(1).optional() }),
  'publish.blog.list': z.object({ lang: blogLangSchema }),
  'publish.blog.get': z.object({ slug: z.string().max(300), lang: blogLangSchema }),
  'publish.blog.index': empty,
};
