import { strFromU8, unzipSync } from 'fflate';
import { documentSummaryOutline } from './outline';
import { outlineDocx } from './outline-docx';

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
    const zip = unzipSync(await outlineDocx(outline));
    const body = strFromU8(zip['word/document.xml']);
    for (const text of ['Rapport annuel — 年度报告', 'Overview', 'Sales grew.', 'Sales', 'Up 10%', 'Page 3', 'Page 4']) expect(body).toContain(text);
    expect(body).toContain('w:numPr'); // a real list, not dashes
    const rels = strFromU8(zip['word/_rels/document.xml.rels']);
    expect(rels).toContain('https://app.test/tools/pdf-summarizer?summary=s1&amp;page=4');
    expect(strFromU8(zip['docProps/core.xml'])).toContain('Rapport annuel');
  });
});
