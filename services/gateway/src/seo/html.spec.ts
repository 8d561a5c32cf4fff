import { escapeHtml, pathOf, renderIndex, withPageBody, withPageHead, type HeadMeta } from './html';

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>VisualNotes</title><meta name="description" content="generic"></head><body><div id="root"></div></body></html>';

describe('renderIndex', () => {
  it.each(["Before $' after", 'Before $` after', 'Before $& after', "$$ and $1 and $<name> and $'$`"])('puts the title %j into the page as it is', (title) => {
    const meta: HeadMeta = { title, description: title, canonical: 'https://example.test/x', lang: 'en', alternates: [], ogType: 'article' };
    const html = renderIndex(SHELL, meta, 'VisualNotes');
    const escaped = escapeHtml(title);
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped}" />`);
    // Nothing of the page was pasted into it: one head, one body, one root.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/<!doctype/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });
});

describe('pathOf and withPageHead', () => {
  it.each([
    ['/', '/'],
    ['/blog/a?lang=de', '/blog/a'],
    ['/pricing/', '/pricing'],
    ['//tools//pdf-summarizer#x', '/tools/pdf-summarizer'],
  ])('%s is the page %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });

  it('puts the tags at the end of the head, as they are', () => {
    expect(withPageHead(SHELL, '<link href="/$&">')).toContain('<link href="/$&"></head>');
    expect(withPageHead(SHELL, '')).toBe(SHELL);
  });
});

describe('withPageBody', () => {
  it('puts a drawn page inside the root element as it is, marked as drawn', () => {
    const body = "<main><h1>Price $' and $&</h1></main>";
    expect(withPageBody(SHELL, body)).toContain(`<div id="root" data-drawn>${body}</div></body>`);
  });

  it('leaves a page without an empty root element alone', () => {
    const other = SHELL.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(withPageBody(other, '<main></main>')).toBe(other);
    // nothing drawn (a board that is not there): the root stays empty and unmarked
    expect(withPageBody(SHELL, '')).toBe(SHELL);
  });
});
