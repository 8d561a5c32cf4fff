// Without zod: pages that only parse links do not load the schemas.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The 11-character id of a YouTube video from any link form (watch, youtu.be, shorts, embed, live,
 * v/, with `t=`/`si=`/`list=` parameters) or a bare id; `null` for anything else. Never fetches.
 */
export function parseYouTubeUrl(input: string): string | null {
  const value = String(input ?? '').trim();
  if (YOUTUBE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v', 'e'].includes(parts[0] ?? '')) id = parts[1];
    else if (parts[0] === 'attribution_link') {
      const inner = url.searchParams.get('u');
      id = inner ? new URLSearchParams(inner.split('?')[1] ?? '').get('v') : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The `list` id of a YouTube playlist link (`/playlist?list=…`, or a watch link inside a playlist). */
export function parsePlaylistUrl(input: string): string | null {
  const raw = String(input ?? '').trim();
  if (/^(PL|UU|LL|FL|OL|RD)[A-Za-z0-9_-]{10,64}$/.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i.test(url.hostname)) return null;
  const list = url.searchParams.get('list') ?? '';
  return /^[A-Za-z0-9_-]{10,64}$/.test(list) ? list : null;
}
