/**
 * Text of an exported SVG, taken out to be written as real text (selectable and searchable, in
 * embedded fonts) rather than drawn as shapes; and the colours of Excalidraw's dark mode, which the
 * editor draws with a CSS filter that PDF and PowerPoint do not have.
 */

export type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** An SVG `transform` attribute as one matrix. */
export function parseTransform(value: string | null | undefined): Matrix {
  let m: Matrix = IDENTITY;
  if (!value) return m;
  for (const [, name, args] of value.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const a = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let t: Matrix = IDENTITY;
    if (name === 'translate') t = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
    else if (name === 'scale') t = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0];
    else if (name === 'matrix' && a.length === 6) t = a as Matrix;
    else if (name === 'rotate') {
      const r = ((a[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [a[1] ?? 0, a[2] ?? 0];
      const rot: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
      t = multiply(multiply([1, 0, 0, 1, cx, cy], rot), [1, 0, 0, 1, -cx, -cy]);
    }
    if (a.some((n) => !Number.isFinite(n))) continue;
    m = multiply(m, t);
  }
  return m;
}

export interface TextLine {
  text: string;
  x: number;
  y: number;
  fontSize: number;
  family: string;
  fill: string;
  opacity: number;
  anchor: 'start' | 'middle' | 'end';
  rtl: boolean;
  /** From the text's coordinates to the SVG's (its viewBox units). */
  matrix: Matrix;
}

const number = (v: string | null | undefined, dflt: number) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : dflt;
};

/** Takes every `<text>` out of the SVG and returns its lines, in drawing order. */
export function takeText(svg: Element): TextLine[] {
  const lines: TextLine[] = [];
  for (const node of [...svg.getElementsByTagName('text')]) {
    let matrix: Matrix = IDENTITY;
    let opacity = 1;
    for (let el: Element | null = node; el && el !== svg; el = el.parentElement) {
      matrix = multiply(parseTransform(el.getAttribute('transform')), matrix);
      opacity *= number(el.getAttribute('opacity'), 1);
    }
    opacity *= number(node.getAttribute('fill-opacity'), 1);
    const anchor = node.getAttribute('text-anchor');
    lines.push({
      text: node.textContent ?? '',
      x: number(node.getAttribute('x'), 0),
      y: number(node.getAttribute('y'), 0),
      fontSize: number(node.getAttribute('font-size'), 16),
      family: node.getAttribute('font-family') ?? 'Excalifont',
      fill: node.getAttribute('fill') ?? '#1e1e1e',
      opacity,
      anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
      rtl: node.getAttribute('direction') === 'rtl',
      matrix,
    });
    node.remove();
  }
  return lines.filter((l) => l.text.trim());
}

function hexToRgb(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) return [0, 1, 2].map((i) => parseInt(hex[i] + hex[i], 16)) as [number, number, number];
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return null;
}

/** A colour as Excalidraw's dark mode shows it: `invert(93%) hue-rotate(180deg)`. */
export function darkColor(color: string): string {
  const rgb = hexToRgb(color);
  if (!rgb) return color;
  const inv = rgb.map((c) => (c / 255) * (1 - 2 * 0.93) + 0.93);
  // hue-rotate(180deg) as CSS filters define it
  const m = [
    [-0.574, 1.43, 0.144],
    [0.426, 0.43, 0.144],
    [0.426, 1.43, -0.856],
  ];
  const out = m.map((row) => Math.round(Math.min(1, Math.max(0, row[0] * inv[0] + row[1] * inv[1] + row[2] * inv[2])) * 255));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Dark mode drawn into the SVG's colours (the filter is removed). */
export function applyDarkColors(svg: Element): void {
  svg.removeAttribute('filter');
  const style = svg.getAttribute('style');
  if (style) svg.setAttribute('style', style.replace(/filter\s*:[^;]*;?/g, ''));
  for (const el of [svg, ...svg.getElementsByTagName('*')]) {
    if (el.tagName.toLowerCase() === 'image') continue;
    for (const attr of ['fill', 'stroke', 'stop-color']) {
      const v = el.getAttribute(attr);
      if (v && v.startsWith('#')) el.setAttribute(attr, darkColor(v));
    }
  }
}

/**
 * Pictures drawn in place of the `<use>` that shows them (Excalidraw keeps each picture once in a
 * `<symbol>`, which svg-to-pdfkit does not draw through `<use>`).
 */
export function inlineImageSymbols(svg: Element): void {
  const doc = svg.ownerDocument;
  for (const use of [...svg.getElementsByTagName('use')]) {
    const ref = (use.getAttribute('href') ?? use.getAttribute('xlink:href') ?? '').replace(/^#/, '');
    const symbol = ref ? [...svg.getElementsByTagName('symbol')].find((s) => s.getAttribute('id') === ref) : undefined;
    const image = symbol?.getElementsByTagName('image')[0];
    if (!image) continue;
    const copy = image.cloneNode(true) as Element;
    for (const attr of ['x', 'y', 'width', 'height']) {
      const v = use.getAttribute(attr);
      if (v !== null) copy.setAttribute(attr, v);
    }
    const g = doc.createElementNS('http://www.w3.org/2000/svg', 'g');
    for (const attr of ['opacity', 'transform', 'clip-path', 'mask', 'filter']) {
      const v = use.getAttribute(attr);
      if (v !== null) g.setAttribute(attr, v);
    }
    g.appendChild(copy);
    use.replaceWith(g);
  }
}
