import { sniffContentType } from './sniff';

describe('sniffContentType', () => {
  it.each([
    ['%PDF-1.7\n', 'application/pdf'],
    ['\x89PNG\r\n\x1a\n', 'image/png'],
    ['WEBVTT\n\n00:00.000 --> 00:01.000\nHi', 'text/vtt'],
    ['1\n00:00:01,000 --> 00:00:02,000\nHello', 'application/x-subrip'],
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml'],
    ['plain words', 'text/plain'],
  ])('knows %j', (head, type) => {
    expect(sniffContentType(Buffer.from(head, 'latin1'))).toBe(type);
  });

  it('tells Office files apart by their entries, not their name', () => {
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....word/document.xml')]))).toContain('wordprocessingml');
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from('....ppt/slides/slide1.xml')]))).toContain('presentationml');
  });

  it('refuses empty and binary junk', () => {
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(sniffContentType(Buffer.from([0, 1, 2, 3, 0, 0, 7, 8]))).toBeNull();
  });
});
