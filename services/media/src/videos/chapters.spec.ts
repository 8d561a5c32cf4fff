import { chaptersFromDescription, chaptersFromFfmetadata } from './chapters';

describe('video chapters', () => {
  it('reads YouTube chapters from a description, in its usual spellings', () => {
    const description = [
      'A lecture on the history of maps.',
      '',
      '0:00 Intro',
      '2:15 - Early maps',
      '(10:03) Portolan charts',
      '4. 1:02:09 | Questions',
      'Thanks for watching! We go live at 12:00 every day',
      'Closing words 1:05:00',
    ].join('\n');
    expect(chaptersFromDescription(description, 4000)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 135, title: 'Early maps' },
      { start: 603, title: 'Portolan charts' },
      { start: 3729, title: 'Questions' },
      { start: 3900, title: 'Closing words' },
    ]);
  });

  it('takes no chapters when YouTube would not: no 0:00, fewer than three, out of order or too short', () => {
    expect(chaptersFromDescription('1:00 A\n2:00 B\n3:00 C')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n2:00 B')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n2:00 B\n1:00 C')).toEqual([]);
    expect(chaptersFromDescription('0:00 A\n0:05 B\n1:00 C')).toEqual([]);
    expect(chaptersFromDescription(null)).toEqual([]);
  });

  it("reads a media file's chapters from ffmpeg's metadata output", () => {
    const text = [
      ';FFMETADATA1',
      'title=Talk',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      'START=0',
      'END=60000',
      'title=Opening',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      'START=60000',
      'END=150500',
      'title=Main part\\; details',
      '[STREAM]',
      'title=ignored',
    ].join('\n');
    expect(chaptersFromFfmetadata(text)).toEqual([
      { start: 0, title: 'Opening' },
      { start: 60, title: 'Main part; details' },
    ]);
    expect(chaptersFromFfmetadata(';FFMETADATA1\ntitle=No chapters')).toEqual([]);
  });
});
