import type { Outline, OutlineLink } from './outline';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * An outline (a summary or transcript) as a Word document, written with `docx` (a maintained DOCX
 * writer: real headings, lists and hyperlinks Word, LibreOffice and Google Docs open as such), the
 * same in the browser (a download) and on the server (a batch's ZIP). The library is loaded only
 * when a Word file is asked for.
 */
export async function outlineDocx(outline: Outline): Promise<Uint8Array<ArrayBuffer>> {
  const { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const link = (l: OutlineLink, text = l.label) => new ExternalHyperlink({ link: l.href, children: [new TextRun({ text, style: 'Hyperlink' })] });
  const before = (l?: OutlineLink) => (l ? [link(l), new TextRun(' ')] : []);
  const children = outline.blocks.map((b) => {
    switch (b.type) {
      case 'title':
        return new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(b.text)] });
      case 'link':
        return new Paragraph({ children: [link({ label: b.href, href: b.href })] });
      case 'heading':
        return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [...before(b.at), new TextRun(b.text)] });
      case 'paragraph':
        return new Paragraph({ children: [new TextRun(b.text)] });
      case 'item':
        return new Paragraph({
          bullet: { level: 0 },
          children: [...before(b.at), ...(b.strong ? [new TextRun({ text: b.strong, bold: true }), new TextRun(' ')] : []), new TextRun(b.text)],
        });
    }
  });
  const doc = new Document({ title: outline.title, creator: 'VisualNotes', sections: [{ children }] });
  return new Uint8Array(await Packer.toArrayBuffer(doc));
}
