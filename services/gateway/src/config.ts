import { baseEnvSchema } from '@visualnotes/common';
import { PROJECT_MAX_COLLABORATORS } from '@visualnotes/contracts';
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
  /**
   * `GET /metrics` on the public port answers `Authorization: Bearer <METRICS_TOKEN>` only; unset
   * (and METRICS_PUBLIC off), the public port does not serve metrics (METRICS_PORT still does).
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `GET /metrics` on the public port without a token, to anyone: only when said explicitly. */
  METRICS_PUBLIC: z.stringbool().default(false),
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
  /**
   * Live channel connections one person may have open to one project, counted across every
   * gateway copy: several tabs on a few devices. One more is refused, with a message saying why.
   */
  LIVE_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(8),
  /**
   * People who may have one project open on the live channel at once, counted across every copy.
   * By default everyone it can be shared with (its owner and PROJECT_MAX_COLLABORATORS
   * collaborators), so sharing never promises more than the live channel lets in; each join and
   * pointer move goes to everyone in the room, so traffic grows with the square of this number.
   */
  LIVE_MAX_PEOPLE_PER_PROJECT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(PROJECT_MAX_COLLABORATORS + 1),
  ...googleEnvShape,
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
