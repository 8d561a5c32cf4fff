import { Messages } from './messages';

/**
 * The error catalogue: every domain error has a code, an HTTP status and the user-facing text.
 * A service throws `DomainError(code)`; the text travels across the RPC hop unchanged and the
 * gateway answers `{ statusCode, message }`.
 */
export const ErrorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  UNAUTHORIZED: { status: 401, message: Messages.needLogin },
  FORBIDDEN: { status: 403, message: 'You do not have access to this resource' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'This item was changed elsewhere; reload and try again' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  INVALID_CHARACTERS: {
    status: 400,
    message: 'The request contains characters that cannot be saved (a NUL character or broken Unicode); remove them and try again',
  },
  NESTING_TOO_DEEP: { status: 400, message: 'The request nests data too deeply to be read' },
  UNSUPPORTED_FILE: { status: 415, message: 'This kind of file is not supported' },
  EMPTY_FILE: { status: 400, message: 'The file is empty' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; please wait a moment and try again' },
  LOGIN_FAILED: { status: 401, message: Messages.loginFailed },
  SESSION_EXPIRED: { status: 401, message: Messages.sessionExpired },
  ACCOUNT_NOT_ACTIVATED: { status: 403, message: Messages.accountNotActivated },
  PASSWORD_INCORRECT: { status: 403, message: Messages.passwordIncorrect },
  SECURITY_CODE_INCORRECT: { status: 400, message: Messages.securityCodeIncorrect },
  SECURITY_CODE_EXPIRED: { status: 400, message: Messages.securityCodeExpired },
  LINK_INVALID: { status: 400, message: Messages.linkInvalid },
  EMAIL_IN_USE: { status: 409, message: Messages.emailInUse },
  GOOGLE_LOGIN_FAILED: { status: 401, message: Messages.googleLoginFailed },
  LICENSE_NOT_FOUND: { status: 404, message: Messages.licenseNotFound },
  LICENSE_KEY_MALFORMED: { status: 400, message: Messages.licenseNotFound },
  LICENSE_FULL: { status: 409, message: Messages.licenseFull },
  LICENSE_EXPIRED: { status: 403, message: Messages.licenseExpired },
  LICENSE_USER_EMAIL_REQUIRED: { status: 400, message: Messages.licenseUserEmailRequired },
  REDEEM_CODE_INVALID: { status: 400, message: Messages.redeemCodeInvalid },
  PAYMENTS_NOT_CONFIGURED: { status: 503, message: Messages.paymentsNotConfigured },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: Messages.webhookSignatureInvalid },
  SNAPSHOT_TOO_COMPLEX: { status: 422, message: Messages.snapshotTooComplex },
  SNAPSHOTS_BUSY: { status: 503, message: Messages.snapshotsBusy },
  VIDEO_NOT_FOUND: { status: 404, message: Messages.videoNotFound },
  NO_TRANSCRIPT: { status: 404, message: Messages.noTranscript },
  NO_CAPTIONS_SIGN_IN: { status: 401, message: Messages.noCaptionsSignIn },
  NEED_MORE_SUMMARIES: { status: 401, message: Messages.needMoreSummaries },
  MONTHLY_SUMMARIES_USED: { status: 403, message: Messages.monthlySummariesUsed },
  PREMIUM_FOR_VIDEO_FILES: { status: 403, message: Messages.premiumForVideoFiles },
  BATCH_NEEDS_PREMIUM: { status: 403, message: Messages.batchNeedsPremium },
  BATCH_TOO_LARGE: { status: 413, message: Messages.batchTooLarge },
  BATCH_EMPTY: { status: 400, message: Messages.batchEmpty },
  BATCH_NOT_FOUND: { status: 404, message: Messages.batchNotFound },
  PLAYLIST_NOT_FOUND: { status: 404, message: Messages.playlistNotFound },
  PLAYLIST_EMPTY: { status: 422, message: Messages.playlistEmpty },
  YOUTUBE_BLOCKED: { status: 503, message: Messages.youtubeBlocked },
  YOUTUBE_UNREACHABLE: { status: 503, message: Messages.youtubeUnreachable },
  TRANSCRIPTION_UNAVAILABLE: { status: 503, message: Messages.transcriptionUnavailable },
  AUDIO_GONE: { status: 410, message: Messages.audioGone },
  NO_READABLE_AUDIO: { status: 422, message: Messages.noReadableAudio },
  AUDIO_TOO_LARGE: { status: 413, message: Messages.audioTooLarge },
  VIDEO_PROCESSING_FAILED: { status: 500, message: Messages.videoProcessingFailed },
  VIDEO_PROCESSING_STOPPED: { status: 500, message: Messages.videoProcessingStopped },
  VIDEO_AUDIO_UNAVAILABLE: { status: 422, message: Messages.videoAudioUnavailable },
  CANNOT_SUMMARIZE_NO_TRANSCRIPT: { status: 422, message: Messages.cannotSummarizeNoTranscript },
  DOCUMENT_TOO_LONG: { status: 403, message: Messages.documentTooLong },
  DOCUMENT_UNSUPPORTED: { status: 415, message: Messages.documentUnsupported },
  DOCUMENT_TYPE_MISMATCH: { status: 415, message: Messages.documentTypeMismatch },
  DOCUMENT_ENCRYPTED: { status: 422, message: Messages.documentEncrypted },
  DOCUMENT_CORRUPT: { status: 422, message: Messages.documentCorrupt },
  DOCUMENT_NO_TEXT: { status: 422, message: Messages.documentNoText },
  DOCUMENT_EMPTY: { status: 422, message: Messages.documentBlank },
  DOCUMENT_UNREADABLE: { status: 422, message: Messages.documentUnreadable },
  DOCUMENT_SUMMARY_FAILED: { status: 500, message: Messages.documentSummaryFailed },
  DOCUMENT_ARCHIVE_TOO_LARGE: { status: 413, message: Messages.documentArchiveTooLarge },
  DOCUMENT_TOO_COMPLEX: { status: 422, message: Messages.documentTooComplex },
  DOCUMENTS_BUSY: { status: 503, message: Messages.documentsBusy },
  INTERNAL: { status: 500, message: 'Something went wrong on our side; please try again' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'This part of the service is temporarily unavailable; please try again shortly' },
  SERVICE_TIMEOUT: { status: 504, message: 'The service took too long to answer; please try again' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ErrorCatalogue;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorCatalogue, value);
}

/** The shape of an error on the wire (RPC replies and HTTP bodies). */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
}

export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  const entry = ErrorCatalogue[code];
  return { statusCode: entry.status, message: message ?? entry.message, code };
}

/** A domain error raised inside a service. Plain class: the contracts stay free of Nest. */
export class DomainError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? ErrorCatalogue[code].message);
    this.statusCode = ErrorCatalogue[code].status;
  }
  toBody(): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, code: this.code };
  }
}

/** Every sentence written for users: the catalogue's and the messages a refusal may carry instead (those without blanks to fill). */
const CATALOGUE_TEXTS: ReadonlySet<string> = new Set(
  [...Object.values(ErrorCatalogue).map((e) => e.message), ...Object.values(Messages)].filter((m) => !m.includes('{')),
);

/**
 * The sentence a user sees for a failed background job: the job's own reason when it is a text
 * of the catalogue, else the fallback (never a queue or job name, never a stack's words).
 */
export function jobFailureMessage(reason: string | null | undefined, fallback: ErrorCode = 'VIDEO_PROCESSING_FAILED'): string {
  return reason && CATALOGUE_TEXTS.has(reason) ? reason : ErrorCatalogue[fallback].message;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).statusCode === 'number' && typeof (value as ErrorBody).message === 'string';
}

/** How a request field is called in a message to a user (fields not listed: their name in words). */
const FIELD_WORDS: Record<string, string> = {
  user_id: 'account',
  userId: 'account',
  owner_id: 'account',
  ownerId: 'account',
  email: 'e-mail address',
  user_email: 'e-mail address',
  license_id: 'license',
  device_id: 'device',
  fileId: 'file',
  file_id: 'file',
  storageKey: 'file',
  storage_key: 'file',
  video_id: 'video',
  document_id: 'document',
  project_id: 'project',
  version_id: 'version',
  member_id: 'collaborator',
  public_id: 'published page',
  share_id: 'share link',
  tag_ids: 'tag list',
  id: 'item',
};

/** The words for the field at `path` (its last named step): `license_id` → "license", `tagIds` → "tag ids". */
export function fieldWords(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((step): step is string => typeof step === 'string');
  if (!name) return 'request';
  return (
    FIELD_WORDS[name] ??
    name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .toLowerCase()
  );
}

/** The sentence for a field that is missing or malformed, naming it in the user's words. */
export function invalidFieldMessage(path: readonly PropertyKey[]): string {
  return `The ${fieldWords(path)} is missing or not valid`;
}
