import { zip } from '@visualnotes/testing';
import { endRecordAt, readZip, withTidyEnd, zipEntryNames } from './zip';

const limits = { maxEntries: 100, maxTotalBytes: 1024 * 1024 };
const entries = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'ppt/presentation.xml', data: Buffer.from('<p:presentation/>') },
];

/** The archive with its end record's comment length set to `length`, then `after` appended. */
function withComment(length: number, after: Buffer): Buffer {
  const data = zip(entries);
  data.writeUInt16LE(length, data.length - 2);
  return Buffer.concat([data, after]);
}

describe('lenient ZIP end record', () => {
  it('leaves a well-formed archive as it is', () => {
    expect(withTidyEnd(zip(entries))).toBeNull();
    const commented = withComment(5, Buffer.from('hello'));
    expect(withTidyEnd(commented)).toBeNull();
  });

  it.each([
    ['a comment length longer than the bytes after it', withComment(40, Buffer.from('short'))],
    ['a comment length of zero with a comment after it', withComment(0, Buffer.from('Made by an old tool'))],
    ['bytes appended after the archive', Buffer.concat([zip(entries), Buffer.alloc(3000, 0x20)])],
  ])('reads an archive with %s', async (_, data) => {
    expect(await zipEntryNames(data, 100)).toEqual(entries.map((e) => e.name));
    const read = await readZip(data, limits, () => true);
    expect(read.get('ppt/presentation.xml')?.toString()).toBe('<p:presentation/>');
  });

  it('skips an end signature inside the comment that names no central directory', () => {
    const data = zip(entries);
    const real = data.length - 22;
    const fake = Buffer.alloc(22);
    fake.writeUInt32LE(0x06054b50, 0);
    fake.writeUInt16LE(2, 10);
    fake.writeUInt32LE(5, 16);
    data.writeUInt16LE(22, data.length - 2);
    expect(endRecordAt(Buffer.concat([data, fake]))).toBe(real);
  });

  it('still refuses bytes that hold no archive, and keeps counting unpacked bytes', async () => {
    await expect(zipEntryNames(Buffer.from('PK\x03\x04 not an archive at all'), 100)).rejects.toMatchObject({ code: 'DOCUMENT_CORRUPT' });
    const big = withComment(0, Buffer.from('trailing'));
    await expect(readZip(big, { maxEntries: 100, maxTotalBytes: 10 }, () => true)).rejects.toMatchObject({ code: 'DOCUMENT_ARCHIVE_TOO_LARGE' });
  });
});
