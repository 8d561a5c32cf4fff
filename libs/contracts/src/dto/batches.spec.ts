import { createBatchSchema, parsePlaylistUrl, PLAYLIST_URL_INVALID, splitUrls } from './batches';

describe('batch requests', () => {
  it('reads the playlist id of playlist links and of watch links inside a playlist, and nothing else', () => {
    expect(parsePlaylistUrl('https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf')).toBe('PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf');
    expect(parsePlaylistUrl(' https://youtube.com/watch?v=dQw4w9WgXcQ&list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf&index=2 ')).toBe(
      'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
    );
    expect(parsePlaylistUrl('PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf')).toBe('PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf');
    expect(parsePlaylistUrl('https://example.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf')).toBeNull();
    expect(parsePlaylistUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parsePlaylistUrl('javascript:alert(1)')).toBeNull();
  });

  it('splits pasted links on lines, spaces and commas', () => {
    expect(splitUrls('https://youtu.be/a1\r\n\n  https://youtu.be/b2, https://youtu.be/c3  ')).toEqual([
      'https://youtu.be/a1',
      'https://youtu.be/b2',
      'https://youtu.be/c3',
    ]);
    expect(splitUrls('')).toEqual([]);
  });

  it('names the first line that is not a video link, and refuses links and a playlist together', () => {
    const bad = createBatchSchema.safeParse({ urls: ['https://youtu.be/dQw4w9WgXcQ', 'https://example.com/x'] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toBe('Line 2 is not a YouTube video link; fix or remove it');
    const both = createBatchSchema.safeParse({
      urls: ['https://youtu.be/dQw4w9WgXcQ'],
      playlist_url: 'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
    });
    expect(both.error!.issues[0].message).toBe('Send either video links or a playlist link, not both');
    expect(createBatchSchema.safeParse({ urls: ['https://youtu.be/dQw4w9WgXcQ', ''] }).success).toBe(true);
    expect(createBatchSchema.safeParse({}).error!.issues[0].message).toBe('Paste video links (one per line) or a playlist link');
  });

  it('refuses a line or a playlist link longer than a link in the same words as any other bad line', () => {
    const long = `https://youtu.be/dQw4w9WgXcQ?x=${'x'.repeat(2048)}`;
    expect(createBatchSchema.safeParse({ urls: ['https://youtu.be/dQw4w9WgXcQ', long] }).error!.issues.map((i) => i.message)).toEqual([
      'Line 2 is not a YouTube video link; fix or remove it',
    ]);
    expect(createBatchSchema.safeParse({ playlist_url: `https://www.youtube.com/playlist?list=${'x'.repeat(2048)}` }).error!.issues[0].message).toBe(
      PLAYLIST_URL_INVALID,
    );
  });
});
