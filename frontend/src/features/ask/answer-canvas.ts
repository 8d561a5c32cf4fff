import type { AskCitation, AskReply } from '@visualnotes/contracts';
import { base, wrapText } from '../video/canvas';

/** An Excalidraw element with the common fields of every scene a summary sends to a canvas, linked to `link`. */
function element(type: string, x: number, y: number, width: number, height: number, link: string | null) {
  return { ...base(type, x, y, width, height), link };
}

/** A rectangle holding its text, linked (element `link`) to `link`. */
function card(x: number, y: number, width: number, text: string, link: string | null, color: string) {
  const wrapped = wrapText(text, Math.floor((width - 32) / 9.6));
  const height = Math.max(70, wrapped.split('\n').length * 20 + 32);
  const rect = { ...element('rectangle', x, y, width, height, link), backgroundColor: color, roundness: { type: 3 } };
  const label = {
    ...element('text', x + 16, y + 16, width - 32, height - 32, link),
    text: wrapped,
    originalText: text,
    fontSize: 16,
    fontFamily: 1,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: rect.id,
    autoResize: true,
    lineHeight: 1.25,
  };
  rect.boundElements = [{ id: label.id, type: 'text' }];
  return { elements: [rect, label], rect, height };
}

/** An arrow from the bottom of one card to the top of another (bound to both, so they stay joined). */
function arrow(from: { id: string; x: number; y: number; width: number; height: number }, to: { id: string; x: number; y: number; width: number }) {
  const x = from.x + from.width / 2;
  const y = from.y + from.height;
  const dx = to.x + to.width / 2 - x;
  const dy = to.y - y;
  const line = {
    ...element('arrow', x, y, Math.abs(dx), Math.abs(dy), null),
    points: [
      [0, 0],
      [dx, dy],
    ],
    lastCommittedPoint: null,
    startBinding: { elementId: from.id, focus: 0, gap: 4 },
    endBinding: { elementId: to.id, focus: 0, gap: 4 },
    startArrowhead: null,
    endArrowhead: 'arrow',
    elbowed: false,
  };
  return line;
}

/**
 * An answer as a canvas card: the question and answer on top, one card per cited moment or page
 * under it, each linked to its source and joined to the answer by an arrow.
 */
export function buildAnswerScene(
  title: string,
  question: string,
  reply: AskReply,
  linkOf: (c: AskCitation) => string,
  labels: { quotes: string; source: (c: AskCitation) => string },
) {
  const body = reply.mode === 'answer' ? reply.answer : labels.quotes;
  const top = card(0, 0, 520, `${question}\n\n${body}`, reply.citations[0] ? linkOf(reply.citations[0]) : null, '#fdf6d8');
  const elements: unknown[] = [...top.elements];
  const y = top.height + 80;
  reply.citations.forEach((c, i) => {
    const source = card(
      i * 300 - ((reply.citations.length - 1) * 300) / 2 + 110,
      y,
      280,
      `[${i + 1}] ${title} · ${labels.source(c)}\n${c.text}`,
      linkOf(c),
      '#e3f1ea',
    );
    elements.push(...source.elements);
    const link = arrow(top.rect, source.rect);
    elements.push(link);
    top.rect.boundElements = [...(top.rect.boundElements ?? []), { id: link.id, type: 'arrow' }];
    source.rect.boundElements = [...(source.rect.boundElements ?? []), { id: link.id, type: 'arrow' }];
  });
  return { type: 'excalidraw', version: 2, source: 'visualnotes', elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}
