import { headingStyles, wordBlocks } from './docx-xml';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';
const doc = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
const p = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

describe('Word XML read as a stream', () => {
  it('takes heading styles by id and by name (any language keeps the English name)', () => {
    const styles = Buffer.from(
      `<w:styles ${W}><w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style></w:styles>`,
    );
    const ids = headingStyles(styles);
    expect(ids.has('berschrift1')).toBe(true);
    expect(ids.has('Heading2')).toBe(true);
    expect(ids.has('Title')).toBe(false);
    expect(wordBlocks(doc(p('Scope', 'berschrift1') + p('The work covers &amp; includes testing.')), ids)).toEqual([
      { heading: true, text: 'Scope' },
      { heading: false, text: 'The work covers & includes testing.' },
    ]);
  });

  it('leaves out what Word does not show: deleted text, field codes, a drawing’s first rendering', () => {
    const body =
      `<w:p><w:r><w:t>Paid </w:t></w:r><w:del w:id="1"><w:r><w:delText>late </w:delText></w:r></w:del><w:r><w:t>on time</w:t></w:r>` +
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>, page 3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
      `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:txbxContent>${p('Boxed note')}</w:txbxContent></mc:Choice><mc:Fallback><w:pict><w:txbxContent>${p('Boxed note')}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r><w:r><w:t>Line one</w:t><w:br/><w:t>line</w:t><w:tab/><w:t>two</w:t></w:r></w:p>`;
    expect(wordBlocks(doc(body), new Set())).toEqual([
      { heading: false, text: 'Paid on time, page 3' },
      { heading: false, text: 'Boxed note' },
      { heading: false, text: 'Line one\nline two' },
    ]);
  });

  it('reads a table row as one line, a table inside a cell as that cell’s text', () => {
    const cell = (inner: string) => `<w:tc><w:tcPr/>${inner}</w:tc>`;
    const inner = `<w:tbl><w:tr>${cell(p('a'))}${cell(p('b'))}</w:tr></w:tbl>`;
    const table = `<w:tbl><w:tr>${cell(p('Country'))}${cell(p('Capital'))}</w:tr><w:tr>${cell(p('France') + p('(EU)'))}${cell(p('Paris') + inner)}${cell('<w:p/>')}</w:tr></w:tbl>`;
    expect(wordBlocks(doc(p('Before') + table + p('After')), new Set()).map((b) => b.text)).toEqual([
      'Before',
      'Country · Capital',
      'France (EU) · Paris a · b',
      'After',
    ]);
  });

  it('collects note references in order and reads the notes, not their separators', () => {
    const refs: { kind: 'footnote' | 'endnote'; id: string }[] = [];
    wordBlocks(doc(`<w:p><w:r><w:t>Tides</w:t></w:r><w:r><w:endnoteReference w:id="2"/></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>`), new Set(), {
      notes: { refs },
    });
    expect(refs).toEqual([
      { kind: 'endnote', id: '2' },
      { kind: 'footnote', id: '1' },
    ]);
    const notes = new Map<string, string[]>();
    const xml = Buffer.from(
      `<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${p('Follow the moon.')}${p('Twice a day.')}</w:footnote></w:footnotes>`,
    );
    wordBlocks(xml, new Set(), {
      onNote: (id, blocks) =>
        notes.set(
          id,
          blocks.map((b) => b.text),
        ),
    });
    expect([...notes]).toEqual([['1', ['Follow the moon.', 'Twice a day.']]]);
  });

  it('refuses XML that is not well formed as damaged', () => {
    expect(() => wordBlocks(Buffer.from('<w:document><w:body><w:p></w:body>'), new Set())).toThrow(expect.objectContaining({ code: 'DOCUMENT_CORRUPT' }));
  });
});
