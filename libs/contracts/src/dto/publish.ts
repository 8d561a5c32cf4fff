import { z } from 'zod';
import { isSafeLink } from '../safe-link';
import { emailSchema } from './auth';
import { EXCALIDRAW_ELEMENT_TYPES, restoreAppState, restoreElements } from './excalidraw-restore';
import { TEMPLATE_CATEGORIES, type TemplateCategory } from './template-categories';

/**
 * Projects (Excalidraw canvases), publishing, statistics, share links and templates
 *. Browser-safe: zod only, so the editor checks
 * a scene with the same rules and messages before it is sent.
 */

/**
 * Largest scene accepted, measured on what the client sends: the bytes (UTF-8) of the scene as
 * compact JSON, before the server restores anything (restoring fills in fields an element was sent
 * without, which may make the stored scene larger). Room for well over 10,000 shapes as Excalidraw
 * stores them (about 450 bytes each); images are uploads, not part of it. The gateway's JSON body
 * limit (6 MiB by default) sits just above it.
 */
export const SCENE_MAX_BYTES = 6_000_000;

/** Bytes of a scene's JSON text as it is sent (UTF-8), the measure of `SCENE_MAX_BYTES`. */
export function sceneBytes(text: string): number {
  // natively where there is a Buffer (the services): a 4 MB scene in 1 ms instead of 15
  if (typeof Buffer !== 'undefined') return Buffer.byteLength(text, 'utf8');
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    // two bytes up to U+07FF, three up to U+FFFF; a surrogate pair (4 bytes) is two units of 2
    bytes += code < 0x800 ? 1 : code >= 0xd800 && code <= 0xdfff ? 1 : 2;
  }
  return bytes;
}

/** A scene size as people read it: "5.1 MB" (decimal megabytes, as the limit is stated). */
export const formatSceneSize = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
export const SCENE_MAX_ELEMENTS = 20_000;
/** Largest SVG snapshot accepted at publish time. */
export const SNAPSHOT_MAX_BYTES = 1_500_000;
/** Largest SVG picture an imported drawing may hold: each is cleaned as a snapshot is. */
export const IMPORTED_SVG_MAX_BYTES = 2_000_000;
/** Largest `.excalidraw` file taken by `POST /api/projects/import` (its images are embedded in it). */
export const EXCALIDRAW_FILE_MAX_BYTES = 50_000_000;
/** Most people (collaborators and open invitations) one project may be shared with. */
export const PROJECT_MAX_COLLABORATORS = 100;
/** Most images one save may add to a project (each is checked with the media service). */
export const SCENE_MAX_NEW_IMAGES = 50;
/** Templates one person may have waiting for an operator's review at once. */
export const TEMPLATE_MAX_PENDING = 5;

export const PublishMessages = {
  sceneInvalid: 'This is not an Excalidraw scene',
  sceneTooLarge: `The canvas is too large to save (the limit is ${formatSceneSize(SCENE_MAX_BYTES)}). Split it into several boards and try again.`,
  tooManyElements: `The canvas has too many elements (the limit is ${SCENE_MAX_ELEMENTS.toLocaleString('en')})`,
  inlineImage: 'Images must be uploaded first; the scene keeps only their file ids',
  projectNotFound: 'Project not found',
  versionConflict: 'This project was changed in another tab or device; your edits are being merged',
  titleRequired: 'Please enter a title',
  titleTooLong: 'The title cannot be longer than 200 characters',
  publisherRequired: 'Publishing to the web needs the Publisher plan. Upgrade to publish your projects.',
  publishedNotFound: 'This published project does not exist or is no longer published',
  snapshotInvalid: 'The snapshot is not a valid SVG image',
  snapshotTooLarge: `The snapshot is too large (the limit is ${(SNAPSHOT_MAX_BYTES / 1_000_000).toFixed(1)} MB)`,
  shareNotFound: 'This share link does not exist or was revoked',
  templateNotFound: 'Template not found',
  templateNameRequired: 'Please enter a template name',
  templatesPending: `You have ${TEMPLATE_MAX_PENDING} templates waiting for review; you can submit more once they are reviewed`,
  categoryInvalid: 'Please choose a template category',
  fileNotFound: 'Image not found',
  livePictureNotFound: 'A picture could not be saved because its upload was not found; it shows as missing. Please add it again.',
  liveTooManyPictures: `At most ${SCENE_MAX_NEW_IMAGES} new pictures are saved at once; the others show as missing. Please add them again.`,
  importInvalid: 'This file holds no Excalidraw drawing (an .excalidraw file, a PNG or SVG exported with the scene, or an Obsidian Excalidraw note)',
  importLibrary: 'This is an Excalidraw library, not a drawing: open a canvas and open the file there to add its shapes to your library',
  importNothingDrawable: 'Nothing in this file can be drawn: none of its shapes is one Excalidraw knows (it may come from another program or a newer version)',
  importDamaged: 'This drawing file is damaged or incomplete (it may have been cut off while it was saved or downloaded); please try another copy',
  importTooLarge: `The file is too large to import (the limit is ${EXCALIDRAW_FILE_MAX_BYTES / 1_000_000} MB)`,
  importTooManyImages: `The drawing has more than ${SCENE_MAX_NEW_IMAGES} images; split it into several drawings and import them one by one`,
  importSvgUnsafe:
    'A picture in this drawing is an SVG file that could not be checked (it is damaged, or uses a DOCTYPE); replace it with a PNG or a plain SVG and import again',
  importSvgTooLarge: `A picture in this drawing is an SVG file larger than ${IMPORTED_SVG_MAX_BYTES / 1_000_000} MB; replace it with a PNG or a smaller SVG and import again`,
  importSvgTooComplex: 'A picture in this drawing is an SVG file too complex to check; replace it with a PNG and import again',
  uploadSvgUnsafe: 'This SVG picture could not be checked (it is damaged, or uses a DOCTYPE); save it as a PNG or a plain SVG and upload it again',
  uploadSvgTooLarge: `This SVG picture is larger than ${IMPORTED_SVG_MAX_BYTES / 1_000_000} MB; save it as a PNG or a smaller SVG and upload it again`,
  libraryInvalid: 'This file is not an Excalidraw library (.excalidrawlib)',
  exportFileFailed: 'The drawing could not be saved as a file; please try again',
  viewerCannotEdit: 'You can view this project but not change it; ask its owner to make you an editor',
  ownerOnly: "Only the project's owner can do this",
  collaboratorEmailInvalid: 'Please enter a valid e-mail address',
  collaboratorRoleInvalid: 'Please choose a role: editor or viewer',
  collaboratorIsOwner: 'You own this project already',
  collaboratorExists: 'This person is already a collaborator on this project',
  collaboratorNotFound: 'This person is not a collaborator on this project',
  tooManyCollaborators: `A project can have at most ${PROJECT_MAX_COLLABORATORS} collaborators`,
  versionNotFound: 'This version does not exist (it may have been removed by the history limit)',
  compareTooLarge: 'These versions are too large to compare right now; please try again later',
  restoreElementsInvalid: 'Choose between 1 and 10,000 elements to restore',
  restoreElementsNotFound: 'None of the chosen elements is in this version or on the canvas now',
} as const;

export { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from './template-categories';

const ELEMENT_TYPES = EXCALIDRAW_ELEMENT_TYPES;

const id = z.string().min(1).max(200);
/** Links on elements may not carry script (`javascript:` and friends). */
const safeLink = z.string().max(2048).refine(isSafeLink, 'Unsafe link').nullable().optional();

export const sceneElementSchema = z.looseObject({
  id,
  type: z.enum(ELEMENT_TYPES),
  version: z.number().int().min(0),
  versionNonce: z.number().int(),
  isDeleted: z.boolean(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  updated: z.number().optional(),
  fileId: z.string().max(200).nullable().optional(),
  link: safeLink,
});
export type SceneElement = z.infer<typeof sceneElementSchema>;

/** The part of Excalidraw's appState worth keeping with a project; everything else is per user. */
export const sceneAppStateSchema = z.object({
  viewBackgroundColor: z.string().max(64).optional(),
  gridSize: z.number().min(0).max(1000).nullable().optional(),
  gridStep: z.number().min(0).max(1000).nullable().optional(),
  gridModeEnabled: z.boolean().optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

/** An image of the scene: a reference to an upload (`POST /api/uploads`), never its bytes. */
export const sceneFileSchema = z.strictObject({
  id,
  mimeType: z.string().max(100),
  file_id: z.string().min(1).max(100),
  created: z.number().optional(),
});
export type SceneFile = z.infer<typeof sceneFileSchema>;

export const sceneSchema = z.object(
  {
    type: z.literal('excalidraw').optional(),
    version: z.number().optional(),
    elements: z.array(sceneElementSchema, { error: PublishMessages.sceneInvalid }).max(SCENE_MAX_ELEMENTS, PublishMessages.tooManyElements),
    appState: sceneAppStateSchema.optional().default({}),
    files: z.record(z.string().max(200), sceneFileSchema).optional().default({}),
  },
  { error: PublishMessages.sceneInvalid },
);
export type Scene = z.infer<typeof sceneSchema>;
export type SceneInput = z.input<typeof sceneSchema>;

/**
 * A scene as the Excalidraw editor would open it: its elements restored (missing fields filled,
 * elements that cannot be drawn dropped) and only valid canvas settings kept. Anything without an
 * element list is left as it is (and refused by `sceneProblem`).
 */
export function restoreScene(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const scene = input as Record<string, unknown>;
  if (!Array.isArray(scene.elements)) return input;
  return { ...scene, type: 'excalidraw', version: 2, elements: restoreElements(scene.elements), appState: restoreAppState(scene.appState) };
}

/** A scene checked: its parsed form, or its first problem as the user should read it. */
export type SceneCheck = { ok: true; scene: Scene } | { ok: false; status: 400 | 413; message: string };

/**
 * Checks a scene: its size (unless `sizeChecked`: measured already on what the client sent, before
 * it was restored), then its shape.
 */
export function checkScene(scene: unknown, options: { sizeChecked?: boolean } = {}): SceneCheck {
  if (!options.sizeChecked) {
    let size: number;
    try {
      size = sceneBytes(JSON.stringify(scene ?? null));
    } catch {
      return { ok: false, status: 400, message: PublishMessages.sceneInvalid };
    }
    if (size > SCENE_MAX_BYTES) return { ok: false, status: 413, message: PublishMessages.sceneTooLarge };
  }
  const parsed = sceneSchema.safeParse(scene);
  if (parsed.success) return { ok: true, scene: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue.message === PublishMessages.tooManyElements) return { ok: false, status: 413, message: issue.message };
  if (issue.path[0] === 'files') return { ok: false, status: 400, message: PublishMessages.inlineImage };
  return { ok: false, status: 400, message: PublishMessages.sceneInvalid };
}

/** The first problem of a scene as the user should read it, or null when it is acceptable. */
export function sceneProblem(scene: unknown): { status: 400 | 413; message: string } | null {
  const checked = checkScene(scene);
  return checked.ok ? null : { status: checked.status, message: checked.message };
}

export const titleSchema = z
  .string({ error: PublishMessages.titleRequired })
  .trim()
  .min(1, PublishMessages.titleRequired)
  .max(200, PublishMessages.titleTooLong);

// Scenes are checked by the publish service (size first, then shape) so that the user reads one
// clear message; the gateway only checks that one is an object.
const sceneBody = z.record(z.string(), z.unknown(), { error: PublishMessages.sceneInvalid });

export const createProjectSchema = z.object({
  title: titleSchema.optional(),
  template_id: z.string().min(1).max(100).optional(),
  scene: sceneBody.optional(),
});
export const updateProjectSchema = z.object({
  title: titleSchema.optional(),
  scene: sceneBody.optional(),
  version: z.number({ error: 'version is required' }).int().min(1),
});
/**
 * A save of what changed (`PATCH /api/projects/:id/elements`): the changed elements (deleted ones
 * as Excalidraw marks them, `isDeleted` with a higher version) and references to the uploaded
 * images they use. Merged element by element into the saved scene, as the live channel does.
 */
export const mergeElementsSchema = z.object({
  elements: z.array(sceneElementSchema, { error: PublishMessages.sceneInvalid }).min(1).max(SCENE_MAX_ELEMENTS, PublishMessages.tooManyElements),
  files: z.record(z.string().max(200), sceneFileSchema, { error: PublishMessages.inlineImage }).optional(),
});
export type MergeElements = z.infer<typeof mergeElementsSchema>;

export const publishProjectSchema = z.object({
  svg: z.string().max(SNAPSHOT_MAX_BYTES, PublishMessages.snapshotTooLarge).optional(),
  description: z.string().trim().max(300).optional(),
  /** Visitors of the published page may download the board as a PDF. */
  allow_download: z.boolean().optional(),
});
export const submitTemplateSchema = z.object({
  project_id: z.string().min(1).max(100),
  name: z.string({ error: PublishMessages.templateNameRequired }).trim().min(1, PublishMessages.templateNameRequired).max(100),
  description: z.string().trim().max(500).optional().default(''),
  category: z.enum(TEMPLATE_CATEGORIES, { error: PublishMessages.categoryInvalid }),
});

export const COLLABORATOR_ROLES = ['editor', 'viewer'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
/** What the caller may do with a project: owners do everything, editors save, viewers read. */
export type ProjectRole = 'owner' | CollaboratorRole;

export const addCollaboratorSchema = z.object({
  email: emailSchema,
  role: z.enum(COLLABORATOR_ROLES, { error: PublishMessages.collaboratorRoleInvalid }),
});
export const updateCollaboratorSchema = z.object({
  role: z.enum(COLLABORATOR_ROLES, { error: PublishMessages.collaboratorRoleInvalid }),
});

/** Someone a project is shared with; `user_id` is null (and `pending` true) until the invitee has an account. */
export interface Collaborator {
  /** The id used in `/collaborators/{id}`: the user id, or the invitation id while pending. */
  id: string;
  user_id: string | null;
  email: string;
  role: CollaboratorRole;
  pending: boolean;
  created_at: string;
}

/** A kept state of a project's scene. */
export interface ProjectVersion {
  id: string;
  /** The project's version number when it was kept. */
  project_version: number;
  created_at: string;
  /** Who made the change (null once their account is deleted). */
  author_id: string | null;
  /**
   * Everyone who changed the scene since the version before (on the live channel too), first to
   * change it first; the author is among them. Deleted accounts are left out.
   */
  editor_ids: string[];
  /** Why it was kept: while editing, when publishing, or just before a restore. */
  reason: 'save' | 'publish' | 'restore';
  /** Elements added, changed or removed since the version before it. */
  changed_elements: number;
  elements: number;
}

/** What changed between two versions (or a version and the scene now): element ids in scene order. */
export interface VersionComparison {
  from: ProjectVersion;
  /** null when compared with the scene as it is now. */
  to: ProjectVersion | null;
  /** Elements on the board at `to` that were not at `from`. */
  added: string[];
  /** Elements on the board at `from` that are gone (or deleted) at `to`. */
  removed: string[];
  /** Elements on the board at both whose content differs. */
  changed: string[];
  counts: { added: number; removed: number; changed: number };
}

/** The most elements one restore can bring back. */
export const RESTORE_ELEMENTS_MAX = 10_000;

const restoreInvalid = { error: () => PublishMessages.restoreElementsInvalid };
/** `POST /api/projects/:id/versions/:version_id/restore-elements`: the element ids to put back as they were. */
export const restoreElementsSchema = z.object({
  element_ids: z
    .array(z.string(restoreInvalid).min(1, restoreInvalid).max(100, restoreInvalid), restoreInvalid)
    .min(1, restoreInvalid)
    .max(RESTORE_ELEMENTS_MAX, restoreInvalid),
});

export interface ProjectSummary {
  id: string;
  /** The caller's role in the project. */
  role: ProjectRole;
  title: string;
  version: number;
  created_at: string;
  updated_at: string;
  public_id: string | null;
}
export interface Project extends ProjectSummary {
  scene: Scene;
}
export interface PublishResult {
  public_id: string;
  url: string;
}
export interface PublishedProject {
  title: string;
  description: string;
  scene: Scene;
  published_at: string;
  snapshot_url: string;
  /** Its owner offers it as a PDF download (`POST /api/p/:public_id/export`). */
  allow_download: boolean;
}
export interface PublicationStatistics {
  views: number;
  visitors: number;
  by_day: { date: string; views: number; visitors: number }[];
  referrers: { referrer: string; views: number }[];
}
export interface PublishedItem {
  project_id: string;
  public_id: string;
  title: string;
  url: string;
  published_at: string;
  views: number;
  visitors: number;
}
export interface ShareLink {
  share_id: string;
  url: string;
  created_at: string;
}
export interface SharedItem {
  kind: 'project';
  share_id: string;
  title: string;
  scene: Scene;
  updated_at: string;
}
export type TemplateStatus = 'pending' | 'approved' | 'rejected';
export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  status: TemplateStatus;
  builtin: boolean;
  /** The shipped template's name in the data folder (e.g. `moodboard`); null for users' templates. */
  key: string | null;
  created_at: string;
}
export interface Template extends TemplateSummary {
  scene: Scene;
}
