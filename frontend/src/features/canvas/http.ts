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
  // a data URL is read locally, not through the API
  const blob = await (await fetch(dataUrl)).blob();
  const { file_id } = await runApi(filesApi.endpoints.upload.initiate({ file: blob, name }, untracked));
  return file_id;
}
