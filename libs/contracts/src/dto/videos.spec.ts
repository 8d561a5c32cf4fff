import { createHighlightSchema, createVideoSchema, parseYouTubeUrl, startOfYouTubeUrl, updateHighlightSchema } from './videos';

describe('parseYouTubeUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&si=abc',
    'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=xyz&t=10',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?start=5',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ?feature=share',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RD',
    '  dQw4w9WgXcQ  ',
  ])('reads %s', (url) => expect(parseYouTubeUrl(url)).toBe('dQw4w9WgXcQ'));

  it.each([
    '',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)',
    'https://youtu.be/short',
  ])('refuses %s', (url) => expect(parseYouTubeUrl(url)).toBeNull());

  it('reads start offsets', () => {
    expect(startOfYouTubeUrl('https://youtu.be/dQw4w9WgXcQ?t=1m30s')).toBe(90);
    expect(startOfYouTubeUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(42);
  });

  it('gives the catalogue message for an empty field', () => {
    const r = createVideoSchema.safeParse({ url: ' ' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('Paste a YouTube link or upload a file to summarize');
  });
});

describe('highlights', () => {
  it('say in words when a title or a note is too long', () => {
    expect(createHighlightSchema.safeParse({ start: 0, title: 't'.repeat(201) }).error?.issues[0]?.message).toBe(
      'A highlight title has at most 200 characters',
    );
    expect(updateHighlightSchema.safeParse({ content: 'n'.repeat(10_001) }).error?.issues[0]?.message).toBe('A highlight note has at most 10,000 characters');
    expect(createHighlightSchema.parse({ start: 3 })).toEqual({ start: 3, title: '', content: '' });
  });
});
