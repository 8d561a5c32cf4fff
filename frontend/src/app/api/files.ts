import type { Outline } from '@visualnotes/contracts';
import { ANONYMOUS, api } from './api';

/** Reads a downloaded body as a data URL (a string, so it can travel through the store). */
const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsDataURL(blob);
  });

const dataUrlQuery = (path: string) => ({ url: apiPath(path), responseHandler: async (res: Response) => (res.ok ? asDataUrl(await res.blob()) : res.text()) });

/** A URL the API gave (`/api/media/…`) as a path under the base URL. */
const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

/**
 * Uploads (`POST /uploads`, FormData) and downloads of files through the one base query, so they
 * carry the session token and refresh it like every other call. Downloads answer an object URL
 * (the caller revokes it) or a data URL, never a Blob in the store.
 */
export const filesApi = api.injectEndpoints({
  endpoints: (b) => ({
    upload: b.mutation<{ file_id: string }, { file: Blob; name?: string }>({
      query: ({ file, name }) => {
        const form = new FormData();
        if (name) form.append('file', file, name);
        else form.append('file', file);
        return { url: '/uploads', method: 'POST', body: form };
      },
    }),
    /** `path` under the API (`/uploads/…`) or a media URL the API answered (`/api/…`). */
    downloadObjectUrl: b.mutation<string, string>({
      query: (path) => ({ url: apiPath(path), responseHandler: async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()) }),
    }),
    downloadDataUrl: b.mutation<string, string>({ query: dataUrlQuery }),
    /** A summary's outline set as a PDF by the server: an object URL of the file (the caller saves it). */
    outlinePdf: b.mutation<string, Outline>({
      query: (outline) => ({
        url: '/outlines/pdf',
        method: 'POST',
        body: { outline },
        responseHandler: async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()),
      }),
    }),
    /** The same, without the session (published and shared canvases). */
    downloadPublicDataUrl: b.mutation<string, string>({ query: dataUrlQuery, extraOptions: ANONYMOUS }),
  }),
});

export const { useUploadMutation } = filesApi;
