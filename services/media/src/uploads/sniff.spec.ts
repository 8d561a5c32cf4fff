import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { sniffContentType } from './sniff';

describe('sniffContentType', () => {
  it.each([
    ['%PDF-1.7\n', 'application/pdf'],
    ['\x89PNG\r\n\x1a\n', 'image/png'],
    ['WEBVTT\n\n00:00.000 --> 00:01.000\nHi', 'text/vtt'],
    ['1\n00:00:01,000 --> 00:00:02,000\nHello', 'application/x-subrip'],
    ['1\r00:00:01,00 -> 00:00:02,00\rHello', 'application/x-subrip'],
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml'],
    ['plain words', 'text/plain'],
  ])('knows %j', (head, type) => {
    expect(sniffContentType(Buffer.from(head, 'latin1'))).toBe(type);
  });

  it('tells Office files apart by their entries, not their name', () => {
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....word/document.xml')]))).toContain('wordprocessingml');
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....ppt/slides/slide1.xml')]))).toContain('presentationml');
  });

  it('knows subtitles and text in UTF-16 and Windows-1252, and still knows MP3 frames', () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,000\r\nÇa coûte 5 €\r\n';
    expect(sniffContentType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]))).toBe('application/x-subrip');
    expect(sniffContentType(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(srt, 'utf16le').swap16()]))).toBe('application/x-subrip');
    expect(sniffContentType(iconv.encode(srt, 'win1252'))).toBe('application/x-subrip');
    expect(sniffContentType(iconv.encode('Notes de la réunion, 12 €', 'win1252'))).toBe('text/plain');
    // MPEG audio frames: FF FB (MPEG-1 layer III), and FF FE (layer I) followed by audio data
    expect(sniffContentType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00]))).toBe('audio/mpeg');
    let seed = 7;
    const frames = Buffer.from(
      Array.from({ length: 2048 }, (_, i) => (i < 4 ? [0xff, 0xfe, 0x90, 0x64][i] : (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) & 0xff),
    );
    expect(sniffContentType(frames)).toBe('audio/mpeg');
  });

  it('refuses empty and binary junk', () => {
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(sniffContentType(Buffer.from([0, 1, 2, 3, 0, 0, 7, 8]))).toBeNull();
  });

  it('knows ASS/SSA subtitles, and subtitles in legacy encodings (Shift-JIS, GBK)', () => {
    expect(sniffContentType(Buffer.from('\uFEFF[Script Info]\r\nScriptType: v4.00+\r\n'))).toBe('text/x-ssa');
    const srt = (text: string) => `1\r\n00:00:01,000 --> 00:00:04,000\r\n${text}\r\n`;
    expect(sniffContentType(iconv.encode(srt('コーヒーの歴史についての講義へようこそ。今日はこの飲み物の歴史について話します。'), 'shift_jis'))).toBe(
      'application/x-subrip',
    );
    expect(sniffContentType(iconv.encode(srt('欢迎来到关于咖啡的讲座。今天我们将讨论这种饮料的历史。'), 'gbk'))).toBe('application/x-subrip');
  });

  const svgBody = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40" fill="teal"/></svg>';

  it.each([
    [
      'Illustrator (declaration, comment, DOCTYPE)',
      '<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n',
    ],
    [
      'older Illustrator (DOCTYPE with an internal subset)',
      '<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 16.0.0 -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">\n]>\n',
    ],
    [
      'Inkscape (declaration, comment, blank line)',
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n',
    ],
    ['a UTF-8 byte-order mark and blank lines', '\uFEFF\r\n  '],
    ['a stylesheet instruction', '<?xml version="1.0"?><?xml-stylesheet href="a.css" type="text/css"?>'],
  ])('knows SVG after %s', (_, prolog) => {
    expect(sniffContentType(Buffer.from(prolog + svgBody, 'utf8'))).toBe('image/svg+xml');
  });

  it('knows SVG in UTF-16 after its declaration, and XML or text that is no SVG', () => {
    const utf16 = Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-16"?>\n' + svgBody, 'utf16le');
    expect(sniffContentType(utf16)).toBe('image/svg+xml');
    expect(sniffContentType(Buffer.from('<?xml version="1.0"?>\n<!-- svg -->\n<html><svg></svg></html>'))).toBe('text/plain');
    expect(sniffContentType(Buffer.from('<!-- never closed <svg>'))).toBe('text/plain');
    expect(sniffContentType(Buffer.from('<svgx></svgx>'))).toBe('text/plain');
  });

  // Real files (see fixtures/README.md for the commands that made them): ffmpeg/libaom and heif-enc/x265.
  const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

  it('tells AVIF and HEIC images from MP4 video by the brands of the ftyp box', () => {
    expect(sniffContentType(fixture('testsrc.avif'))).toBe('image/avif'); // ftyp avif, compatible avif mif1 miaf MA1A
    expect(sniffContentType(fixture('testsrc.heic'))).toBe('image/heic'); // ftyp heic, compatible mif1 heic miaf
  });

  const ftyp = (major: string, ...compatible: string[]) => {
    const box = Buffer.alloc(16 + 4 * compatible.length);
    box.writeUInt32BE(box.length, 0);
    box.write('ftyp', 4, 'latin1');
    box.write(major, 8, 'latin1');
    compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
    return Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'latin1')]);
  };

  it.each([
    [['mif1', 'avif', 'miaf'], 'image/avif'], // AVIF written with the generic HEIF brand first
    [['avis', 'avif', 'msf1', 'iso8'], 'image/avif'], // animated AVIF
    [['mif1', 'heic'], 'image/heic'], // iPhone photos
    [['heix', 'mif1'], 'image/heic'],
    [['msf1', 'hevc'], 'image/heic'],
    [['mif1', 'miaf'], 'image/heif'],
    [['isom', 'isom', 'iso2', 'avc1', 'mp41'], 'video/mp4'],
    [['mp42', 'isom', 'mp42'], 'video/mp4'],
    [['M4A ', 'M4A ', 'mp42', 'isom'], 'audio/mp4'],
    [['qt  ', 'qt  '], 'video/quicktime'],
  ])('reads ftyp brands %j as %s', ([major, ...compatible], type) => {
    expect(sniffContentType(ftyp(major, ...compatible))).toBe(type);
  });
});

describe('sniffContentType: audio-only recordings in video containers', () => {
  // Real files (see fixtures/README.md): a browser's or yt-dlp's audio is often WebM, a phone's MP4.
  const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
  const head = (name: string, bytes = 4_100) => fixture(name).subarray(0, bytes);

  it('tells audio-only WebM and Matroska from video by their track types', () => {
    expect(sniffContentType(head('tone.webm'))).toBe('audio/webm'); // Opus only
    expect(sniffContentType(head('tone.mka'))).toBe('audio/webm'); // Vorbis only, its 3.8 kB codec header before the media
    expect(sniffContentType(head('testsrc.webm'))).toBe('video/webm'); // VP8 and Opus
  });

  it('keeps Matroska as video when the head ends inside the track list', () => {
    expect(sniffContentType(head('tone.mka', 2_000))).toBe('video/webm');
  });

  it('tells audio-only MP4 from video by the handlers of its tracks', () => {
    expect(sniffContentType(head('tone-faststart.mp4'))).toBe('audio/mp4'); // AAC, brand isom
    expect(sniffContentType(head('testsrc-faststart.mp4'))).toBe('video/mp4'); // H.264
    // a long file: its track tables go past the head, the movie header says there is one track
    expect(sniffContentType(head('tone-faststart.mp4', 600))).toBe('audio/mp4');
  });

  it('keeps MP4 as video when the head holds no track list (media data first)', () => {
    const mdatFirst = Buffer.concat([fixture('tone-faststart.mp4').subarray(0, 32), Buffer.from([0, 0, 0x10, 0, 0x6d, 0x64, 0x61, 0x74]), Buffer.alloc(4_000)]);
    expect(sniffContentType(mdatFirst)).toBe('video/mp4');
  });

  it('survives truncated and malformed containers', () => {
    for (const name of ['tone.webm', 'testsrc.webm', 'tone-faststart.mp4', 'testsrc-faststart.mp4']) {
      const file = fixture(name);
      for (let n = 16; n < Math.min(file.length, 1_200); n += 7) expect(sniffContentType(file.subarray(0, n))).toMatch(/^(audio|video)\//);
    }
    const unknownSizes = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xec, 0xff]);
    expect(sniffContentType(unknownSizes)).toBe('video/webm');
  });
});
