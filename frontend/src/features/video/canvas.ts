import { clipText, type HighlightView, type Scene, type VideoView } from '@visualnotes/contracts';
import { ApiError, runApi } from '../../app/api/api';
import { canvasApi } from '../canvas/api';
import { msg } from '../../i18n/msg';
import { clock, momentUrl } from './formats';

/**
 * "Send to canvas": an Excalidraw scene with one card per summary section and highlight. Each card
 * is a rectangle with its text, linked (element `link`) to the video at the card's moment.
 */
let seq = 0;
const id = () => `vn-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** The fields every Excalidraw element has (one place for the scenes a summary sends to a canvas). */
export function base(type: string, x: number, y: number, width: number, height: number) {
  return {
    id: id(),
    type,
    x,
    y,
    width,
    height,
    angle: 0,
    strokeColor: '#1f2320',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 1,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [] as string[],
    frameId: null,
    roundness: null as null | { type: number },
    seed: Math.floor(Math.random() * 2 ** 31),
    version: 1,
    versionNonce: Math.floor(Math.random() * 2 ** 31),
    isDeleted: false,
    boundElements: null as null | { id: string; type: string }[],
    updated: Date.now(),
    link: null as string | null,
    locked: false,
  };
}

/** Characters of the hand-drawn font at 16 px that fit on one line of a card (328 px of text). */
const CARD_LINE_CHARS = 34;

/**
 * Lines of at most `max` characters, broken between words. Excalidraw shows a bound text as it is
 * stored (it wraps again only when the text is edited), so the card's text arrives wrapped.
 */
export function wrapText(text: string, max = CARD_LINE_CHARS): string {
  return text
    .split('\n')
    .flatMap((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        // a word longer than a line (a URL, a run of CJK characters) is cut
        for (let rest = word; rest;) {
          const room = line ? max - line.length - 1 : max;
          if (rest.length <= room) {
            line = line ? `${line} ${rest}` : rest;
            rest = '';
          } else if (line && rest.length <= max) {
            lines.push(line);
            line = '';
          } else {
            const cut = Math.max(1, room);
            line = line ? `${line} ${rest.slice(0, cut)}` : rest.slice(0, cut);
            lines.push(line);
            line = '';
            rest = rest.slice(cut);
          }
        }
      }
      lines.push(line);
      return lines;
    })
    .join('\n');
}

/** A card: a rounded rectangle holding its text (wrapped), both linked to `link`. */
export function card(x: number, y: number, heading: string, body: string, link: string, color: string) {
  const width = 360;
  const original = body ? `${heading}\n${body}` : heading;
  const wrapped = wrapText(original);
  const lines = wrapped.split('\n').length;
  const height = Math.max(90, lines * 20 + 32);
  const rect = { ...base('rectangle', x, y, width, height), backgroundColor: color, roundness: { type: 3 }, link };
  const text = {
    ...base('text', x + 16, y + 16, width - 32, height - 32),
    text: wrapped,
    originalText: original,
    fontSize: 16,
    fontFamily: 1,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: rect.id,
    autoResize: true,
    lineHeight: 1.25,
    link,
  };
  rect.boundElements = [{ id: text.id, type: 'text' }];
  return { elements: [rect, text], height };
}

export interface CanvasCard {
  start: number;
  heading: string;
  body: string;
  link: string;
}

/** The cards of a video, in time order: sections first-class, highlights among them. */
export function canvasCards(video: VideoView, highlights: HighlightView[], highlightLabel = 'Highlight'): CanvasCard[] {
  const sections = (video.summary?.sections ?? []).map((s) => ({
    start: s.start ?? 0,
    heading: `[${clock(s.start ?? 0)}] ${s.title}`,
    body: s.points.map((p) => `• ${p}`).join('\n'),
    link: momentUrl(video, s.start ?? 0),
  }));
  const notes = highlights.map((h) => ({
    start: h.start,
    heading: `★ [${clock(h.start)}] ${h.title || highlightLabel}`,
    body: h.content,
    link: momentUrl(video, h.start),
  }));
  return [...sections, ...notes].sort((a, b) => a.start - b.start);
}

/** The scene; `labels` are the words the cards add, in the UI language. */
export function buildScene(video: VideoView, highlights: HighlightView[], labels = { overview: 'Overview', highlight: 'Highlight' }) {
  const elements: unknown[] = [];
  const title = {
    ...base('text', 0, 0, 760, 40),
    text: video.title,
    originalText: video.title,
    fontSize: 28,
    fontFamily: 1,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
    link: video.url,
  };
  elements.push(title);
  if (video.summary?.overview) {
    const o = card(0, 60, labels.overview, video.summary.overview, momentUrl(video, 0), '#fdf6d8');
    elements.push(...o.elements);
  }
  const columnY = [260, 260];
  canvasCards(video, highlights, labels.highlight).forEach((c, i) => {
    const col = i % 2;
    const made = card(col * 400, columnY[col], c.heading, c.body, c.link, c.heading.startsWith('★') ? '#fde68a' : '#dbeafe');
    columnY[col] += made.height + 24;
    elements.push(...made.elements);
  });
  return { type: 'excalidraw', version: 2, source: 'visualnotes-video', elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}

/**
 * "Send the batch to one canvas": one frame per video, side by side, each holding the video's
 * overview and its sections as the same timestamped cards (linked to their moment) as above.
 */
export function buildBatchScene(videos: VideoView[]) {
  const elements: Record<string, unknown>[] = [];
  const FRAME_WIDTH = 840;
  videos.forEach((video, n) => {
    const x0 = n * (FRAME_WIDTH + 120);
    const inner: Record<string, unknown>[] = [];
    if (video.summary?.overview) inner.push(...card(x0 + 20, 40, 'Overview', video.summary.overview, momentUrl(video, 0), '#fdf6d8').elements);
    const columnY = [240, 240];
    canvasCards(video, []).forEach((c, i) => {
      const col = i % 2;
      const made = card(x0 + 20 + col * 400, columnY[col], c.heading, c.body, c.link, '#dbeafe');
      columnY[col] += made.height + 24;
      inner.push(...made.elements);
    });
    const height = Math.max(...columnY) + 20;
    const frame = { ...base('frame', x0, 0, FRAME_WIDTH, height), name: clipText(video.title, 200, true), link: video.url };
    for (const el of inner) el.frameId = frame.id;
    // a frame comes after its children, as Excalidraw orders them
    elements.push(...inner, frame);
  });
  return { type: 'excalidraw', version: 2, source: 'visualnotes-video', elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}

/** Creates a new canvas holding `scene`; answers its id, or throws with the sentence to show. */
export async function sendSceneToNewCanvas(title: string, scene: unknown): Promise<string> {
  const project = await runApi(canvasApi.endpoints.createProject.initiate({ title: clipText(title, 200, true) })).catch((err: unknown) => {
    throw err instanceof ApiError ? err : new Error(msg('The canvas could not be created'));
  });
  await runApi(canvasApi.endpoints.saveProject.initiate({ id: project.id, body: { scene: scene as Scene, version: project.version ?? 1 } })).catch(
    (err: unknown) => {
      throw err instanceof ApiError ? err : new Error(msg('The canvas could not be saved'));
    },
  );
  return project.id;
}
