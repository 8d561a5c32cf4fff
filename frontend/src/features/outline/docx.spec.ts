import JSZip from 'jszip';
import { documentSummaryOutline } from '@visualnotes/contracts';
import { outlineDocx } from './docx';

describe('an outline as a Word document', () => {
  it('writes headings, list items and links to the pages they cite, in a file Word opens', async () => {
    const outline = documentSummaryOutline(
      {
        title: 'Rapport annuel — 年度报告',
        unit: 'page',
        summary: { overview: 'Sales grew.', sections: [{ title: 'Sales', page: 3, points: ['Up 10%'], citations: [{ text: 'Up 10%', page: 4 }] }] },
      },
      (page) => `https://app.test/tools/pdf-summarizer?summary=s1&page=${page}`,
    );
    const blob = await outlineDocx(outline);
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    const body = await zip.file('word/document.xml')!.async('string');
    for (const text of ['Rapport annuel — 年度报告', 'Overview', 'Sales grew.', 'Sales', 'Up 10%', 'Page 3', 'Page 4']) expect(body).toContain(text);
    expect(body).toContain('w:numPr'); // a real list, not dashes
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(rels).toContain('https://app.test/tools/pdf-summarizer?summary=s1&amp;page=4');
    expect(await zip.file('docProps/core.xml')!.async('string')).toContain('Rapport annuel');
  });
});
