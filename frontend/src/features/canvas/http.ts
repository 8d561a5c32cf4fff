import { ApiError, runApi, untracked } from '../../app/api/api';
import { filesApi } from '../../app/api/files';

export { ApiError };

/** True when the request failed for lack of a connection (not an answer of the server). */
export const isNetworkError = (err: unknown) => !(err instanceof ApiError);

/** An image of a canvas as a data URL (the editor keeps images in memory that way); null when it cannot be read. */
export async function fetchDataUrl(path: string, signedIn: boolean): Promise<string | null> {
  const endpoint = signedIn ? filesApi.endpoints.downloadDataUrl : filesApi.endpoints.downloadPublicDataUrl;
  return runApi(endpoint.initiate(path)).catch(() => null);
}

/** Uploads an image of the canvas through `POST /api/uploads`; answers its file id. */
export async function uploadDataUrl(dataUrl: string, name: string): Promise<string> {
  const { file_id } = await runApi(filesApi.endpoints.upload.initiate({ file: dataUrlToBlob(dataUrl), name }, untracked));
  return file_id;
}

/**
 * The bytes of a data URL, decoded here: `fetch(dataUrl)` would be refused by the page's
 * Content-Security-Policy (`connect-src 'self'`).
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0) throw new TypeError('not a data URL');
  const meta = dataUrl.slice(5, comma);
  const type = meta.split(';')[0] || 'application/octet-stream';
  const body = dataUrl.slice(comma + 1);
  if (!/;base64$/i.test(meta)) return new Blob([decodeURIComponent(body)], { type });
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
