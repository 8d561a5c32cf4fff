import { msg } from '../../i18n/msg';
import { authCall, publicCall, ApiError } from '../auth/session';
import { readToken } from '../auth/storage';

export { ApiError };
export const signedInCall = authCall;
export const anonymousCall = publicCall;

/** True when the request failed for lack of a connection (not an answer of the server). */
export const isNetworkError = (err: unknown) => !(err instanceof ApiError);

/** An image of a canvas as a data URL (the editor keeps images in memory that way). */
export async function fetchDataUrl(path: string, signedIn: boolean): Promise<string | null> {
  const token = signedIn ? readToken() : null;
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!res?.ok) return null;
  const blob = await res.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/** Uploads an image of the canvas through `POST /api/uploads`; answers its file id. */
export async function uploadDataUrl(dataUrl: string, name: string): Promise<string> {
  const blob = await (await fetch(dataUrl)).blob();
  const form = new FormData();
  form.append('file', blob, name);
  const token = readToken();
  const res = await fetch('/api/uploads', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json().catch(() => ({}))) as { file_id?: string; message?: string };
  if (!res.ok || !body.file_id) throw new ApiError(res.status, body.message ?? msg('Upload failed'));
  return body.file_id;
}
