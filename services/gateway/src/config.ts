import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';
import { googleEnvShape } from './auth/google/google.config';

export const gatewayEnvSchema = baseEnvSchema.extend({
  /** Requests per window and address on /api (Redis-backed, shared by every gateway copy). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Largest JSON body accepted by most routes; uploads have their own limit. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  /**
   * Largest JSON body of the few routes that need more (`@LargeBody()`: canvas saves, publishing
   * snapshots, pasted text); those check the sign-in before reading it. A scene may be 6 MB.
   */
  LARGE_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(6 * 1024 * 1024),
  /** Largest file accepted by POST /api/uploads. */
  /** Largest document accepted by `POST /api/summaries` (PDF, PPTX, DOCX, text). */
  DOCUMENT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** When set, `GET /metrics` needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(500 * 1024 * 1024),
  /** Folder of the built front end; defaults to frontend/dist of this repository. */
  FRONTEND_DIST: z.string().optional(),
  TRUST_PROXY: z.stringbool().default(false),
  /** How often changes made on the live channel (`/api/projects/{id}/live`) are saved, in ms. */
  LIVE_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  ...googleEnvShape,
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
