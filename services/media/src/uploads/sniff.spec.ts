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
});
