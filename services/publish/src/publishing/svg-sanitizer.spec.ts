import { JSDOM } from 'jsdom';
import { sanitizeSvg } from './svg-sanitizer';

const { DOMParser } = new JSDOM('').window;

const svg = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" width="100" height="100"${attrs}>${inner}<rect x="1" y="1" width="10" height="10" fill="#a5d8ff"/></svg>`;

/** Sanitises and parses the result as a browser reads an image/svg+xml file. */
function clean(input: string): { text: string; doc: Document } {
  const text = sanitizeSvg(input);
  expect(text).not.toBeNull();
  const doc = new DOMParser().parseFromString(text!, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return { text: text!, doc };
}

/** Every element and attribute of the result, for checks that do not depend on spelling. */
function inventory(doc: Document) {
  const elements = [...doc.getElementsByTagName('*')];
  const attributes = elements.flatMap((e) => [...e.attributes].map((a) => ({ element: e.localName, name: a.name.toLowerCase(), value: a.value })));
  return { names: elements.map((e) => e.localName.toLowerCase()), attributes };
}

function expectNoScript(doc: Document) {
  const { names, attributes } = inventory(doc);
  for (const bad of ['script', 'foreignobject', 'iframe', 'animate', 'set', 'animatemotion', 'animatetransform', 'a', 'handler', 'listener'])
    expect(names).not.toContain(bad);
  for (const a of attributes) {
    expect(a.name).not.toMatch(/^on/);
    if (a.name.endsWith('href')) expect(a.value).toMatch(/^#|^data:image\/(png|jpeg|gif|webp);base64,/);
    expect(a.value).not.toMatch(/javascript:|data:text|data:image\/svg/i);
  }
  for (const style of doc.getElementsByTagName('style'))
    expect(style.textContent).toMatch(/^(@font-face\{font-family:"[A-Za-z0-9 _-]+";src:url\(data:[a-z/0-9.+-]+;base64,[A-Za-z0-9+/=]+\)\}\n?)*$/);
}

describe('sanitizeSvg', () => {
  it('keeps a drawing: shapes, text, gradients, clip paths, inline raster images and references inside the drawing', () => {
    const { doc } = clean(
      svg(
        `<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="5" height="5"/></clipPath>` +
          `<symbol id="image-1"><image href="data:image/png;base64,iVBORw0KGgo=" width="100%" height="100%"/></symbol></defs>` +
          `<g transform="translate(2 3)" clip-path="url(#c)"><path d="M0 0 L10 10" stroke="#1e1e1e" fill="url(#g)"/>` +
          `<text x="0" y="17" font-family="Excalifont, Segoe UI Emoji" style="white-space: pre;">Plan &lt;b&gt; &amp; more</text></g>` +
          `<use href="#image-1" width="20" height="20"/>`,
      ),
    );
    const { names } = inventory(doc);
    expect(names).toEqual(expect.arrayContaining(['svg', 'lineargradient', 'clippath', 'symbol', 'image', 'g', 'path', 'text', 'use', 'rect']));
    expect(doc.getElementsByTagName('text')[0].textContent).toBe('Plan <b> & more');
    expect(doc.getElementsByTagName('text')[0].getAttribute('style')).toBe('white-space: pre');
    expect(doc.getElementsByTagName('use')[0].getAttribute('href')).toBe('#image-1');
    expect(doc.getElementsByTagName('path')[0].getAttribute('fill')).toBe('url(#g)');
    expect(doc.getElementsByTagName('image')[0].getAttribute('href')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it("keeps Excalidraw's embedded fonts, rewritten as a style sheet of its own", () => {
    const { doc } = clean(
      svg(`<defs><style class="style-fonts">@font-face { font-family: Excalifont; src: url(data:font/woff2;base64,d09GMgABAAAA); }
@font-face { font-family: "Nunito"; src: url("data:font/woff2;base64,AAAA"); }
@font-face { font-family: Remote; src: url(https://evil.test/font.woff2); }</style></defs>`),
    );
    const styles = [...doc.getElementsByTagName('style')].map((s) => s.textContent);
    expect(styles).toEqual([
      '@font-face{font-family:"Excalifont";src:url(data:font/woff2;base64,d09GMgABAAAA)}\n@font-face{font-family:"Nunito";src:url(data:font/woff2;base64,AAAA)}',
    ]);
    expectNoScript(doc);
  });

  it.each([
    ['script as entities inside <style>', '<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>'],
    ['script as CDATA inside <style>', '<style><![CDATA[</style><script>alert(1)</script>]]></style>'],
    ['an element inside <style>', '<style><script>alert(1)</script></style>'],
    ['CSS escapes in <style>', '<style>@\\69mport url(https://evil.test/x.css); rect { fill: u\\72l(https://evil.test/t.png) }</style>'],
    ['@import in <style>', '<style>@import url(https://evil.test/x.css);</style>'],
    ['expression() in a style attribute', '<rect style="width: expression(alert(1)); background: url(javascript:alert(1))"/>'],
    ['CSS escapes in a presentation attribute', '<path d="M0 0" fill="u\\72l(https://evil.test/t.png)"/>'],
    ['an outside url() in a presentation attribute', '<path d="M0 0" fill="url(https://evil.test/t.svg#x)"/>'],
    ['<script>', '<script>alert(1)</script><script href="data:text/javascript,alert(1)"/>'],
    [
      'an XHTML script by namespace',
      '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script><g xmlns="http://www.w3.org/1999/xhtml"><script>alert(2)</script></g>',
    ],
    [
      '<foreignObject>',
      '<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>',
    ],
    ['href javascript:', '<image href="javascript:alert(1)"/><use href=" javascript:alert(1)"/>'],
    ['xlink:href javascript:', '<image xlink:href="javascript:alert(1)"/><use xlink:href="&#106;avascript:alert(1)"/>'],
    [
      '<a> with javascript:',
      '<a href="javascript:alert(1)"><text x="1" y="1">click</text></a><a xlink:href="java&#9;script:alert(1)"><rect width="1" height="1"/></a>',
    ],
    ['<animate> changing href', '<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><text>t</text></a>'],
    ['<set> changing href', '<use href="#x"><set attributeName="xlink:href" to="javascript:alert(1)"/></use>'],
    [
      '<animateMotion>/<animateTransform>',
      '<rect width="1" height="1"><animateTransform attributeName="transform" type="rotate" to="90"/><animateMotion path="M0 0"/></rect>',
    ],
    ['<use> with a data: URL', '<use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=#x"/>'],
    ['<use> with an outside document', '<use href="https://evil.test/sprite.svg#x"/><use xlink:href="//evil.test/s.svg#x"/>'],
    ['<image> with an SVG or outside image', '<image href="data:image/svg+xml;base64,PHN2Zy8+"/><image href="https://evil.test/t.png"/>'],
    ['event handler attributes', '<rect width="1" height="1" onclick="alert(1)" onmouseover="alert(2)" ONLOAD="alert(3)"/><g onfocusin="alert(4)"/>'],
    ['an event handler on the root', '<rect/>', ' onload="alert(1)"'],
    ['<handler> and <listener>', '<handler type="application/ecmascript">alert(1)</handler><listener event="click" handler="#h"/>'],
    ['processing instructions and comments', '<?xml-stylesheet href="javascript:alert(1)"?><!-- <script>alert(1)</script> -->'],
    ['<iframe> and <embed>', '<iframe src="javascript:alert(1)"/><embed src="javascript:alert(1)"/>'],
  ])('removes %s', (_name, payload, rootAttrs = '') => {
    const { doc, text } = clean(svg(payload, rootAttrs));
    expectNoScript(doc);
    expect(text).not.toMatch(/alert|evil\.test|import/);
    expect(doc.getElementsByTagName('rect').length).toBeGreaterThan(0);
  });

  it('refuses what is not a well-formed SVG document', () => {
    expect(sanitizeSvg('<html><body>no</body></html>')).toBeNull();
    expect(sanitizeSvg('<script>alert(1)</script><svg></svg>')).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBeNull();
    expect(sanitizeSvg('<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>')).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>')).toBeNull();
  });

  it('reads the DOCTYPE drawing tools write, and refuses every other', () => {
    const body = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="&ns_extend;" width="10" height="10"><rect width="5" height="5"/></svg>';
    const illustrator =
      '<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 27.0.0 -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n';
    expect(sanitizeSvg(illustrator + body.replace(' xmlns:x="&ns_extend;"', ''))).toContain('<rect');
    const withEntities =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">\n\t<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">\n]>\n';
    expect(sanitizeSvg(withEntities + body)).toContain('<rect');
    for (const doctype of [
      '<!DOCTYPE svg [<!ENTITY x "<script>">]>',
      '<!DOCTYPE svg [<!ENTITY % p "x">]>',
      '<!DOCTYPE svg [<!ENTITY ns_extend SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE svg [<!ELEMENT svg ANY>]>',
      '<!DOCTYPE html>',
    ])
      expect(sanitizeSvg(doctype + body)).toBeNull();
    // an entity used where it was never declared, or written out so often the picture balloons
    expect(sanitizeSvg('<!DOCTYPE svg [<!ENTITY a "b">]>' + body)).toBeNull();
    const many = '<!DOCTYPE svg [<!ENTITY a "' + 'x'.repeat(500) + '">]><svg xmlns="http://www.w3.org/2000/svg"><desc>' + '&a;'.repeat(5_000) + '</desc></svg>';
    expect(sanitizeSvg(many)).toBeNull();
  });
});
