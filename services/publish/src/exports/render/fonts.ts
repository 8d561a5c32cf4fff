import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts text is drawn with in exported files: Excalidraw's own (shipped with its package, split
 * by Unicode range: a family is several files), then CJK through Excalidraw's Xiaolai, then the
 * fonts found in the configured folders (for scripts Excalidraw's fonts lack, e.g. Arabic or Indic).
 * Each character of a line gets the first font, in that order, that has it.
 */

/** Excalidraw's font-family names and the folder of its package's fonts each lives in. */
const FAMILY_DIRS: Record<string, string> = {
  virgil: 'Virgil',
  excalifont: 'Excalifont',
  helvetica: 'Liberation',
  'liberation sans': 'Liberation',
  cascadia: 'Cascadia',
  nunito: 'Nunito',
  'lilita one': 'Lilita',
  'comic shanns': 'ComicShanns',
  assistant: 'Assistant',
  xiaolai: 'Xiaolai',
};

interface FontFile {
  path: string;
  font: fontkit.Font | null;
  /** The code points it has (from the index of Excalidraw's fonts), sorted ranges. */
  ranges?: [number, number][];
}

function inRanges(ranges: [number, number][], cp: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[mid][0]) hi = mid - 1;
    else if (cp > ranges[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Plain upright faces before bold, italic, condensed or monospaced ones. */
function plainness(path: string): number {
  return (/bold|italic|oblique|condensed|light|mono|extra/i.test(path) ? 2 : 0) + (/sans/i.test(path) ? 0 : 1);
}

/** Excalidraw's fonts as TrueType files beside the index (written with the renderer bundle), else its package's own WOFF2 files. */
function excalidrawFontsDir(indexFile?: string): string {
  const converted = indexFile && join(dirname(indexFile), 'fonts');
  return converted && existsSync(converted) ? converted : join(dirname(require.resolve('@excalidraw/excalidraw')), 'fonts');
}

function fontFilesIn(dir: string, depth = 0, out: string[] = []): string[] {
  if (depth > 4 || out.length > 400) return out;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      continue;
    }
    if (isDir) fontFilesIn(path, depth + 1, out);
    else if (['.ttf', '.otf', '.woff2', '.woff'].includes(extname(name).toLowerCase())) out.push(path);
  }
  return out;
}

export class FontBook {
  private readonly families = new Map<string, FontFile[]>();
  private readonly fallbacks: FontFile[];
  private readonly root: string;
  private readonly index: Record<string, [number, number][]>;

  /** `indexFile`: the index of Excalidraw's font files (scripts/bundle-renderer.mjs writes it, their TrueType copies beside it). */
  constructor(extraDirs: string[] = [], indexFile?: string) {
    this.root = excalidrawFontsDir(indexFile);
    this.index = indexFile && existsSync(indexFile) ? (JSON.parse(readFileSync(indexFile, 'utf8')) as Record<string, [number, number][]>) : {};
    // Plain sans fonts first: the likeliest to draw what the hand-drawn fonts lack legibly.
    const extra = extraDirs.flatMap((d) => fontFilesIn(d)).sort((a, b) => plainness(a) - plainness(b) || a.localeCompare(b));
    this.fallbacks = [...this.familyFiles('xiaolai'), ...this.familyFiles('excalifont'), ...extra.map((path) => ({ path, font: null }))];
  }

  private familyFiles(family: string): FontFile[] {
    const key = family
      .trim()
      .replace(/^["']|["']$/g, '')
      .toLowerCase();
    const cached = this.families.get(key);
    if (cached) return cached;
    const dir = FAMILY_DIRS[key];
    const files: FontFile[] = dir
      ? fontFilesIn(join(this.root, dir)).map((path) => ({ path, font: null, ranges: this.index[`${dir}/${basename(path)}`] }))
      : [];
    this.families.set(key, files);
    return files;
  }

  private has(file: FontFile, codePoint: number): boolean {
    if (file.ranges) return inRanges(file.ranges, codePoint);
    if (!file.font) {
      try {
        file.font = fontkit.openSync(file.path) as fontkit.Font;
      } catch {
        return false;
      }
    }
    try {
      return file.font.hasGlyphForCodePoint(codePoint);
    } catch {
      return false;
    }
  }

  private fileHas(path: string, codePoint: number): boolean {
    const file = [...this.families.values()].flat().find((f) => f.path === path) ?? this.fallbacks.find((f) => f.path === path);
    return file ? this.has(file, codePoint) : false;
  }

  /** The font file to draw `codePoint` with, for a CSS font-family list; null when none has it. */
  pick(familyList: string, codePoint: number): string | null {
    for (const family of familyList.split(',')) {
      for (const file of this.familyFiles(family)) if (this.has(file, codePoint)) return file.path;
    }
    for (const file of this.fallbacks) if (this.has(file, codePoint)) return file.path;
    return null;
  }

  /**
   * A line cut into runs of one font each. Marks and joiners stay with the character before them,
   * so a script's clusters are shaped in one piece.
   */
  runs(familyList: string, line: string): { text: string; font: string }[] {
    const runs: { text: string; font: string }[] = [];
    let fallback: string | null = null;
    for (const ch of line) {
      const cp = ch.codePointAt(0)!;
      const joining = /\p{M}/u.test(ch) || ch === '\u200c' || ch === '\u200d' || ch === '\ufe0f';
      const last = runs[runs.length - 1];
      if (joining && last) {
        last.text += ch;
        continue;
      }
      // a space in the run's own font when it has one (a CJK chunk has none: the gap would be lost)
      const font = /\s/.test(ch) && last && this.fileHas(last.font, cp) ? last.font : this.pick(familyList, cp);
      if (!font) {
        fallback ??= this.pick(familyList, 0x41);
        if (!fallback) continue;
      }
      const use = font ?? fallback!;
      if (last && last.font === use) last.text += ch;
      else runs.push({ text: ch, font: use });
    }
    return runs;
  }
}
