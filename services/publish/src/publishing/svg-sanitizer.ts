import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * SVG snapshots of canvases (Excalidraw's `exportToSvg`) are cleaned by DOMPurify, working on the
 * document exactly as a browser reads an `image/svg+xml` file (XML, not HTML: sanitising one
 * parse and serving another is how markup changes meaning on the way). What survives is drawing
 * only: no script, event handler, foreignObject, animation, link or outside resource, and no CSS
 * from the input. Excalidraw embeds its fonts in a `<style>`; those are read out of it and written
 * back as a style sheet of our own, so no CSS text of the sender reaches the output.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** SVG elements a drawing needs; nothing that runs script, navigates, animates or embeds HTML. */
const TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'linearGradient',
  'radialGradient',
  'stop',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
];

const ATTRIBUTES = [
  'id',
  'class',
  'style',
  'transform',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'direction',
  'dx',
  'dy',
  'letter-spacing',
  'xml:space',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'preserveAspectRatio',
  'href',
  'xlink:href',
  'version',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'markerUnits',
  'maskUnits',
  'clipPathUnits',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'operator',
  'flood-color',
  'flood-opacity',
  'vector-effect',
  'paint-order',
  'visibility',
  'display',
];

const CONFIG: Config = {
  ALLOWED_TAGS: TAGS,
  ALLOWED_ATTR: ATTRIBUTES,
  // Only the SVG namespace: elements of any other one (an XHTML <script>, say) go with their content.
  ALLOWED_NAMESPACES: [SVG_NS],
  IN_PLACE: true,
};

/** The only link targets kept: a reference inside the drawing, or an inline raster image. */
const FRAGMENT = /^#[A-Za-z0-9_.:-]+$/;
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/;
/** A paint or clip reference to something inside the drawing: `url(#id)`. */
const LOCAL_URL = /^url\(\s*(["']?)#[A-Za-z0-9_.:-]+\1\s*\)$/;
/** One declaration of a style attribute that can only set a value: no function but colours, no escapes. */
const STYLE_DECLARATION = /^\s*([a-z-]{1,40})\s*:\s*((?:[#\w\s.,%'"+-]|(?:rgba?|hsla?)\([\d\s.,%]*\))*)$/;

/** Excalidraw's embedded fonts: `@font-face { font-family: X; src: url(data:font/…;base64,…) }`. */
const FONT_FACE = /@font-face\s*\{([^{}]*)\}/g;
const FONT_FAMILY = /font-family\s*:\s*(["']?)([A-Za-z0-9 _-]{1,64})\1\s*(?:;|$)/;
const FONT_SRC =
  /src\s*:\s*url\(\s*(["']?)(data:(?:font\/[a-z0-9.+-]{1,20}|application\/(?:font-woff2?|x-font-[a-z]{1,10}|octet-stream));base64,[A-Za-z0-9+/=]+)\1\s*\)/;

/** One window for the whole process: building a DOM environment costs far more than a sanitisation. */
const { window } = new JSDOM('');
const purify = createDOMPurify(window);
const parser = new window.DOMParser();
const serializer = new window.XMLSerializer();

/** Font faces found in the `<style>` elements of the snapshot being cleaned (sanitising is synchronous). */
let fonts: string[] = [];

const KEPT = new Set(TAGS.map((t) => t.toLowerCase()));

purify.addHook('uponSanitizeElement', (node, data) => {
  if (node.nodeType !== 1) return;
  if (data.tagName === 'style') fonts.push(...fontFaces(node.textContent ?? ''));
  // A link is unwrapped (Excalidraw wraps linked shapes in <a>, the shapes stay); any other element
  // not on the list, or of another namespace (an XHTML <script>, say), goes with all it holds.
  else if ((node as Element).namespaceURI !== SVG_NS || (!KEPT.has(data.tagName) && data.tagName !== 'a')) node.textContent = '';
});

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue;
  let keep: boolean;
  if (name === 'href' || name === 'xlink:href') {
    keep = FRAGMENT.test(value) || (node.localName === 'image' && IMAGE_DATA_URL.test(value));
  } else if (name === 'style') {
    const style = cleanStyle(value);
    keep = style !== '';
    data.attrValue = style;
  } else {
    // Presentation attributes are CSS values: no escapes, and `url()` only to the drawing itself.
    keep = !value.includes('\\') && (!/url\s*\(/i.test(value) || LOCAL_URL.test(value.trim()));
  }
  if (!keep) data.keepAttr = false;
});

/** The declarations of a style attribute that only set plain values (no `url()`, no escapes, no at-rules). */
function cleanStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    if (!declaration.trim()) continue;
    const m = STYLE_DECLARATION.exec(declaration);
    if (m) kept.push(`${m[1]}: ${m[2].trim()}`);
  }
  return kept.join('; ');
}

/** The font faces of a style sheet, rewritten from the family name and data URL alone. */
function fontFaces(css: string): string[] {
  const faces: string[] = [];
  for (const [, body] of css.matchAll(FONT_FACE)) {
    const family = FONT_FAMILY.exec(body);
    const src = FONT_SRC.exec(body);
    if (family && src) faces.push(`@font-face{font-family:"${family[2]}";src:url(${src[2]})}`);
  }
  return faces;
}

const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
const DOCTYPE = /^(\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*)<!DOCTYPE\s+svg(?:\s+PUBLIC\s+"[^"]*"\s+"[^"]*")?\s*(?:\[([^\]]*)\])?\s*>/i;
const PLAIN_ENTITY = /^<!ENTITY\s+([A-Za-z_][\w.-]{0,63})\s+"([^"'&<>%]{0,512})"\s*>$/;

/**
 * The document without the DOCTYPE drawing tools write (Illustrator: the SVG 1.1 public identifier,
 * and older versions a few entities naming namespace URLs, used in attributes). Such entities, plain
 * text only, are written out where they are used; anything else in a DOCTYPE (entities made of
 * markup or of other entities, parameter or external entities) is refused: null.
 */
function withoutDoctype(input: string): string | null {
  const m = DOCTYPE.exec(input);
  if (!m) return /<!DOCTYPE/i.test(input.slice(0, 4096)) ? null : input;
  const entities = new Map<string, string>();
  for (const raw of (m[2] ?? '').split(/(?=<!)/)) {
    const declaration = raw.trim();
    if (!declaration) continue;
    const e = PLAIN_ENTITY.exec(declaration.replace(/\s+/g, ' '));
    if (!e || entities.size >= 32) return null;
    entities.set(e[1], e[2]);
  }
  let rest = input.slice(m[0].length);
  if (entities.size) {
    let unknown = false;
    rest = rest.replace(/&([A-Za-z_][\w.-]*);/g, (ref, name: string) => {
      if (['lt', 'gt', 'amp', 'quot', 'apos'].includes(name)) return ref;
      const value = entities.get(name);
      if (value === undefined) unknown = true;
      return value ?? '';
    });
    // written-out entities may not make the document much larger than it was sent
    if (unknown || rest.length > input.length * 2 + 65_536) return null;
  }
  return m[1] + rest;
}

/**
 * Cleans an SVG snapshot of a canvas, or a picture someone imported or uploaded. Returns null when
 * the text is not a well-formed SVG document; a DOCTYPE is accepted only as drawing tools write it
 * (see {@link withoutDoctype}), so no entity tricks reach the parser.
 */
export function sanitizeSvg(sent: string): string | null {
  if (typeof sent !== 'string') return null;
  const input = withoutDoctype(sent);
  if (input === null || !SVG_START.test(input)) return null;
  let doc: Document;
  try {
    doc = parser.parseFromString(input, 'image/svg+xml');
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg' || doc.getElementsByTagNameNS('*', 'parsererror').length) return null;
  fonts = [];
  try {
    purify.sanitize(root, CONFIG);
  } catch {
    return null;
  }
  if (fonts.length) {
    const style = doc.createElementNS(SVG_NS, 'style');
    style.textContent = fonts.join('\n');
    root.insertBefore(style, root.firstChild);
  }
  fonts = [];
  // Namespace declarations of the input are dropped with every other attribute not on the list;
  // this fixed one keeps `xlink:href` spelt as drawing tools and browsers expect.
  root.setAttributeNS(XMLNS_NS, 'xmlns:xlink', XLINK_NS);
  return serializer.serializeToString(root);
}
