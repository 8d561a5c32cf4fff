import type { DocumentSummaryView } from '@visualnotes/contracts';
import { base, card } from '../video/canvas';

/**
 * "Send to canvas" for a document summary: a map with the document's title, its overview, each
 * section as a node and its points as the node's children (joined by arrows). Every node links to
 * the page it cites (`documentPageLink`): in the editor the page opens beside the canvas.
 */

/** The link of a document's page: its summary page, asked to show that page. */
export function documentPageLink(summaryId: string, page: number, at: { origin: string; pathname: string } = window.location): string {
  return `${at.origin}${at.pathname}?summary=${encodeURIComponent(summaryId)}&page=${page}`;
}

/** The summary and page a link made by `documentPageLink` points to (same site only); else null. */
export function parseDocumentPageLink(link: string, origin = window.location.origin): { summaryId: string; page: number } | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  const summaryId = url.searchParams.get('summary');
  const page = Number(url.searchParams.get('page'));
  if (url.origin !== origin || !url.pathname.startsWith('/tools/') || !summaryId || !Number.isInteger(page) || page < 1) return null;
  return { summaryId, page };
}

const NODE_COLOR = '#dbeafe';
const CHILD_COLOR = '#fef3c7';
const CHILD_X = 460;

function arrowBetween(from: ReturnType<typeof card>, to: ReturnType<typeof card>) {
  const [a, b] = [from.elements[0], to.elements[0]];
  const x1 = a.x + a.width;
  const y1 = a.y + a.height / 2;
  const x2 = b.x;
  const y2 = b.y + b.height / 2;
  const arrow = {
    ...base('arrow', x1, y1, x2 - x1, y2 - y1),
    points: [
      [0, 0],
      [x2 - x1, y2 - y1],
    ],
    lastCommittedPoint: null,
    startBinding: { elementId: a.id, focus: 0, gap: 4 },
    endBinding: { elementId: b.id, focus: 0, gap: 4 },
    startArrowhead: null,
    endArrowhead: 'arrow',
    elbowed: false,
    roundness: { type: 2 },
  };
  for (const rect of [a, b]) rect.boundElements = [...(rect.boundElements ?? []), { id: arrow.id, type: 'arrow' }];
  return arrow;
}

/**
 * The map's scene; `label(page)` names a cited page in the UI language ("Page 3", "Slide 3"),
 * `overview` is the overview card's heading.
 */
export function buildDocumentScene(
  summaryId: string,
  view: DocumentSummaryView,
  labels: { overview: string; page: (n: number) => string },
  at?: { origin: string; pathname: string },
) {
  const link = (page: number) => documentPageLink(summaryId, page, at);
  const elements: unknown[] = [];
  const title = {
    ...base('text', 0, 0, 760, 40),
    text: view.title,
    originalText: view.title,
    fontSize: 28,
    fontFamily: 1,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
    link: link(1),
  };
  elements.push(title);
  let y = 60;
  if (view.summary?.overview) {
    const o = card(0, y, labels.overview, view.summary.overview, link(1), '#fdf6d8');
    elements.push(...o.elements);
    y += o.height + 40;
  }
  for (const section of view.summary?.sections ?? []) {
    const cited = section.citations ?? section.points.map((text) => ({ text, page: section.page }));
    const page = section.page ?? cited.find((c) => c.page)?.page ?? 1;
    const node = card(0, y, section.title, labels.page(page), link(page), NODE_COLOR);
    elements.push(...node.elements);
    let childY = y;
    for (const point of cited) {
      const at = point.page ?? page;
      const child = card(CHILD_X, childY, point.text, labels.page(at), link(at), CHILD_COLOR);
      elements.push(...child.elements, arrowBetween(node, child));
      childY += child.height + 16;
    }
    y = Math.max(y + node.height, childY - 16) + 40;
  }
  return { type: 'excalidraw', version: 2, source: 'visualnotes-document', elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}
