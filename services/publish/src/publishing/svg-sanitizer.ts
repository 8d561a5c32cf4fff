import sanitizeHtml from 'sanitize-html';

/** SVG elements a drawing needs; nothing that runs script, navigates, animates or embeds HTML. */
const TAGS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'image', 'clipPath', 'mask', 'pattern', 'marker',
  'linearGradient', 'radialGradient', 'stop', 'filter', 'feGaussianBlur', 'feOffset', 'feBlend',
  'feColorMatrix', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode', 'style',
];

const ATTRIBUTES = [
  'id', 'class', 'style', 'transform', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width',
  'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit',
  'opacity', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'direction', 'dx', 'dy', 'letter-spacing', 'xml:space', 'clip-path', 'clip-rule', 'mask',
  'filter', 'preserveAspectRatio', 'href', 'xlink:href', 'xmlns', 'xmlns:xlink', 'version', 'offset',
  'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'patternUnits', 'patternTransform',
  'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'maskUnits', 'clipPathUnits',
  'stdDeviation', 'in', 'in2', 'result', 'mode', 'values', 'type', 'operator', 'flood-color', 'flood-opacity',
  'vector-effect', 'paint-order', 'visibility', 'display',
];

/** `<style>` is kept only for embedded fonts (data: URLs); anything that could load or import goes. */
const UNSAFE_CSS = /@import|expression\s*\(|javascript:|url\(\s*(?!["']?data:(font|image)\/)/i;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * Cleans an SVG snapshot of a canvas (from Excalidraw's `exportToSvg`) with an allow-list:
 * no script, event handler, foreignObject, animation or link may survive, and images may only be
 * inline PNG/JPEG/GIF/WebP. Returns null when the text is not an SVG document.
 */
export function sanitizeSvg(input: string): string | null {
  if (typeof input !== 'string' || !SVG_START.test(input)) return null;
  const clean = sanitizeHtml(input, {
    allowedTags: TAGS,
    allowedAttributes: { '*': ATTRIBUTES },
    allowVulnerableTags: true, // <style>, filtered below
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    allowedSchemes: ['data'],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'textarea', 'option', 'noscript', 'foreignObject', 'iframe'],
    exclusiveFilter: (frame) => {
      if (frame.tag === 'style') return UNSAFE_CSS.test(frame.text);
      return false;
    },
    transformTags: {
      '*': (tagName, attribs) => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if (/^on/i.test(name)) continue;
          if (/href$/i.test(name) && !(value.startsWith('#') || (tagName === 'image' && IMAGE_DATA_URL.test(value)))) continue;
          if (name === 'style' && UNSAFE_CSS.test(value)) continue;
          if (/url\(/i.test(value) && !/^url\(\s*["']?#[A-Za-z0-9_-]+["']?\s*\)$/.test(value.trim()) && name !== 'style') continue;
          out[name] = value;
        }
        return { tagName, attribs: out };
      },
    },
  });
  return /^\s*<svg[\s>]/i.test(clean) ? clean : null;
}
