import { z } from 'zod';
import { EXPORT_MAX_SCALE, ExportMessages } from './export-messages';

export { EXPORT_MAX_SCALE, ExportMessages } from './export-messages';

/**
 * Boards exported on the server: PDF (one page per frame), PowerPoint (one slide per frame) or a
 * ZIP of a PNG and an SVG per frame. Browser-safe: zod only, the editor's Export dialog uses it.
 */
export const EXPORT_FORMATS = ['pdf', 'pptx', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportStatus = 'queued' | 'running' | 'completed' | 'failed';

export const EXPORT_MAX_FRAMES = 500;
export const exportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: ExportMessages.formatInvalid }),
  frames: z
    .array(z.string().min(1).max(200), { error: ExportMessages.framesInvalid })
    .min(1, ExportMessages.framesInvalid)
    .max(EXPORT_MAX_FRAMES, ExportMessages.framesInvalid)
    .optional(),
  scale: z.number({ error: ExportMessages.scaleInvalid }).min(0.1, ExportMessages.scaleInvalid).max(EXPORT_MAX_SCALE, ExportMessages.scaleInvalid).optional(),
  background: z.boolean().optional(),
  dark: z.boolean().optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export interface ExportCreated {
  export_id: string;
}

export interface ExportState {
  export_id: string;
  project_id: string;
  format: ExportFormat;
  status: ExportStatus;
  /** 0–100. */
  progress: number;
  error?: string;
  /** Pages (PDF), slides (PPTX) or frames (ZIP) once completed. */
  pages?: number;
  file_name?: string;
  created_at: string;
}

/** Where a finished export's file is, for the gateway to stream it. */
export interface ExportFile {
  storage_key: string;
  content_type: string;
  file_name: string;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};
