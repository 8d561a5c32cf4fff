import type { DocumentSummaryView } from '@visualnotes/contracts';
import { buildDocumentScene, documentPageLink, parseDocumentPageLink } from './document-map';

const at = { origin: 'https://notes.example', pathname: '/tools/pdf-summarizer' };

const view = {
  id: 's1',
  title: 'Tides',
  summary: {
    overview: 'How tides work.',
    sections: [
      {
        title: 'The moon',
        page: 2,
        points: ['The moon pulls the sea.', 'Twice a day.'],
        citations: [
          { text: 'The moon pulls the sea.', page: 2 },
          { text: 'Twice a day.', page: 3 },
        ],
      },
      { title: 'Tables', page: 5, points: ['Each row is a time.'] },
    ],
  },
} as unknown as DocumentSummaryView;

type El = { id: string; type: string; link: string | null; text?: string; startBinding?: { elementId: string }; endBinding?: { elementId: string } };

describe('a document summary as a map', () => {
  it('makes each section a node and its points its children, joined by arrows, each linked to the page it cites', () => {
    const scene = buildDocumentScene('s1', view, { overview: 'Overview', page: (n) => `Page ${n}` }, at);
    const elements = scene.elements as El[];
    const texts = elements.filter((e) => e.type === 'text');
    const linkOf = (start: string) => texts.find((e) => e.text!.startsWith(start))!.link;
    expect(linkOf('The moon\n')).toBe(documentPageLink('s1', 2, at));
    expect(linkOf('The moon pulls')).toBe('https://notes.example/tools/pdf-summarizer?summary=s1&page=2');
    expect(linkOf('Twice a day.')).toBe(documentPageLink('s1', 3, at));
    expect(linkOf('Each row')).toBe(documentPageLink('s1', 5, at));
    const arrows = elements.filter((e) => e.type === 'arrow');
    expect(arrows).toHaveLength(3);
    const rectOfText = (start: string) =>
      elements.find((e) => e.id === (texts.find((t) => t.text!.startsWith(start)) as unknown as { containerId: string }).containerId)!;
    expect(arrows.map((a) => [a.startBinding!.elementId, a.endBinding!.elementId])).toEqual([
      [rectOfText('The moon\n').id, rectOfText('The moon pulls').id],
      [rectOfText('The moon\n').id, rectOfText('Twice').id],
      [rectOfText('Tables').id, rectOfText('Each row').id],
    ]);
  });

  it('reads back only its own links to a page of a summary', () => {
    expect(parseDocumentPageLink(documentPageLink('s1', 3, at), at.origin)).toEqual({ summaryId: 's1', page: 3 });
    expect(parseDocumentPageLink('https://elsewhere.example/tools/pdf-summarizer?summary=s1&page=3', at.origin)).toBeNull();
    expect(parseDocumentPageLink('https://notes.example/projects/x?summary=s1&page=3', at.origin)).toBeNull();
    expect(parseDocumentPageLink('https://notes.example/tools/pdf-summarizer?summary=s1&page=0', at.origin)).toBeNull();
    expect(parseDocumentPageLink('https://www.youtube.com/watch?v=abc&t=30s', at.origin)).toBeNull();
  });
});
