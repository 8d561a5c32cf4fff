/**
 * Shortening text people wrote (titles, file names) to a length a column or a message allows.
 * Lengths count UTF-16 units, as schemas and database columns do; a cut never splits a character
 * (an emoji, a letter with its accents, a surrogate pair) and falls at a word's end when one is near.
 */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` cut to at most `max` units, ending in `…` when `ellipsis` and something was cut. */
export function clipText(text: string, max: number, ellipsis = false): string {
  if (text.length <= max) return text;
  const room = Math.max(0, ellipsis ? max - 1 : max);
  let end = 0;
  for (const { index, segment } of GRAPHEMES.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  // the last space within the final fifth: a whole word rather than part of one
  const space = text.slice(0, end + 1).search(/\s\S*$/);
  const at = space > room * 0.8 ? space : end;
  return text.slice(0, at).trimEnd() + (ellipsis ? '…' : '');
}

/** A file name cut to at most `max` units, keeping its extension (`report … final.pdf`). */
export function clipFileName(name: string, max: number): string {
  if (name.length <= max) return name;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
  return ext.length < max / 2 ? `${clipText(name.slice(0, name.length - ext.length), max - ext.length, true)}${ext}` : clipText(name, max, true);
}
