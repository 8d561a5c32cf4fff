import iconv from 'iconv-lite';
import { decodeText, textEncoding } from './text-files';

const srt = '1\r\n00:00:01,000 --> 00:00:03,500\r\nLa réunion coûte 12 000 € — déjà payé.\r\n';

describe('text files as people save them', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeText(Buffer.from(srt))).toBe(srt);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srt)]))).toBe(srt);
  });

  it('reads UTF-16 with a byte-order mark (Notepad "Unicode"), little and big endian', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]);
    const be = iconv.encode(srt, 'utf16be', { addBOM: true });
    expect(textEncoding(le)).toBe('utf16le');
    expect(textEncoding(be)).toBe('utf16be');
    expect(decodeText(le)).toBe(srt);
    expect(decodeText(be)).toBe(srt);
    // characters outside the BMP, and a sample that cuts a pair in half
    const emoji = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('notes 📝 and 𝄞 music', 'utf16le')]);
    expect(textEncoding(emoji.subarray(0, 16))).toBe('utf16le');
    expect(decodeText(emoji)).toBe('notes 📝 and 𝄞 music');
  });

  it('reads Windows-1252, also when its first accent comes after the first 64 KiB', () => {
    expect(textEncoding(iconv.encode(srt, 'win1252'))).toBe('win1252');
    expect(decodeText(iconv.encode(srt, 'win1252'))).toBe(srt);
    const late = `${'a'.repeat(70_000)} café €`;
    expect(decodeText(iconv.encode(late, 'win1252'))).toBe(late);
  });

  it('takes a UTF-8 character cut at the end of a sample', () => {
    const bytes = Buffer.from('tschüß');
    expect(textEncoding(bytes.subarray(0, bytes.length - 1))).toBe('utf8');
  });

  it('refuses binary data, with or without what looks like a byte-order mark', () => {
    expect(textEncoding(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00, 0x07]))).toBeNull();
    expect(textEncoding(Buffer.from([0x80, 0x81, 0x02, 0x90, 0x9d, 0x05, 0x06, 0x07]))).toBeNull();
    // an MP3 frame header starts with FF FB or FF FE alike; its data is no text
    expect(textEncoding(Buffer.from([0xff, 0xfe, 0x90, 0x00, 0x01, 0x02, 0x00, 0x00, 0x11, 0x12]))).toBeNull();
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBeNull();
  });
});
