import { parseSubtitles, subtitleLanguage } from './timedtext';

describe('subtitle files', () => {
  it('keeps the words of a cue and drops its markup: tags, ruby readings and positioning', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:03,000',
      '{\\an8}<i>Today</i> we talk about <font color="#ff0">solar</font> panels.',
      '',
      '2',
      '00:00:03,000 --> 00:00:05,000',
      '{\\pos(10,20)}{\\b1}Bold{\\b0} and &amp; more',
      '',
    ].join('\r\n');
    expect(parseSubtitles(`\uFEFF${srt}`)).toEqual([
      { start: 1, end: 3, text: 'Today we talk about solar panels.' },
      { start: 3, end: 5, text: 'Bold and & more' },
    ]);
    const vtt = 'WEBVTT\n\n00:00.500 --> 00:02.000\n<v Ann><ruby>光<rt>ひかり</rt></ruby>が見える\n';
    expect(parseSubtitles(vtt)).toEqual([{ start: 0.5, end: 2, text: '光が見える' }]);
  });

  it("takes the language a WebVTT header names, and nothing from a cue's text", () => {
    expect(subtitleLanguage('WEBVTT\nKind: captions\nLanguage: de\n\n00:01.000 --> 00:02.000\nHallo\n')).toBe('de');
    expect(subtitleLanguage('\uFEFFWEBVTT\r\nLanguage: pt-BR\r\n\r\n00:01.000 --> 00:02.000\r\nOlá\r\n')).toBe('pt-BR');
    expect(subtitleLanguage('WEBVTT\n\n00:01.000 --> 00:02.000\nLanguage: fr\n')).toBeNull();
    expect(subtitleLanguage('1\n00:00:01,000 --> 00:00:02,000\nLanguage: fr\n')).toBeNull();
  });

  it("keeps each line of YouTube's rolling auto-captions once, as yt-dlp saves them", () => {
    // The shape of yt-dlp's .en.vtt: word-timed cues showing the previous line above, and 10 ms repeats.
    const vtt = [
      'WEBVTT',
      'Kind: captions',
      'Language: en',
      '',
      '00:00:00.000 --> 00:00:02.990 align:start position:0%',
      ' ',
      'so<00:00:00.300><c> today</c><00:00:00.600><c> we</c><00:00:00.900><c> talk</c>',
      '',
      '00:00:02.990 --> 00:00:03.000 align:start position:0%',
      'so today we talk',
      ' ',
      '',
      '00:00:03.000 --> 00:00:05.990 align:start position:0%',
      'so today we talk',
      'about<00:00:03.300><c> the</c><00:00:03.600><c> history</c><00:00:03.900><c> of</c><00:00:04.200><c> coffee</c>',
      '',
      '00:00:05.990 --> 00:00:06.000 align:start position:0%',
      'about the history of coffee',
      ' ',
      '',
      '00:00:06.000 --> 00:00:08.990 align:start position:0%',
      'about the history of coffee',
      'in<00:00:06.300><c> ethiopia</c>',
      '',
    ].join('\n');
    expect(parseSubtitles(vtt)).toEqual([
      { start: 0, end: 3, text: 'so today we talk' },
      { start: 3, end: 6, text: 'about the history of coffee' },
      { start: 6, end: 8.99, text: 'in ethiopia' },
    ]);
  });

  it('finds SubRip cues by their timing lines: no blank lines, sloppy arrows, blank lines inside, any order', () => {
    const srt = [
      '1',
      '00:00:01,00 -> 00:00:04,00',
      'Welcome to the lecture.',
      '3',
      '00:00:09,000 --> 00:00:12,000',
      'It spread to Yemen.',
      '2',
      '00:00:04,500 --> 00:00:08,000',
      'Coffee was first found',
      '',
      'in Ethiopia.',
      '',
      '4',
      '00:00:12,500 --> 00:00:14,000',
      '42',
      '',
    ].join('\r\n');
    expect(parseSubtitles(srt)).toEqual([
      { start: 1, end: 4, text: 'Welcome to the lecture.' },
      { start: 4.5, end: 8, text: 'Coffee was first found in Ethiopia.' },
      { start: 9, end: 12, text: 'It spread to Yemen.' },
      { start: 12.5, end: 14, text: '42' },
    ]);
  });

  it('reads the Dialogue lines of ASS and SSA files, without override tags and drawings', () => {
    const ass = [
      '[Script Info]',
      'ScriptType: v4.00+',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize',
      'Style: Default,Arial,20',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:04.50,0:00:08.00,Default,,0,0,0,,{\\i1}Coffee, first{\\i0} found\\Nin Ethiopia.',
      'Comment: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,a note for the translator',
      'Dialogue: 0,0:00:01.00,0:00:04.00,Default,,0,0,0,,{\\pos(100,100)}Welcome{\\p1}m 0 0 l 100 0 100 100{\\p0}!',
    ].join('\r\n');
    expect(parseSubtitles(ass)).toEqual([
      { start: 1, end: 4, text: 'Welcome!' },
      { start: 4.5, end: 8, text: 'Coffee, first found in Ethiopia.' },
    ]);
    const ssa = ass
      .replace('v4.00+', 'v4.00')
      .replace('[V4+ Styles]', '[V4 Styles]')
      .replace('Format: Layer,', 'Format: Marked,')
      .replace(/Dialogue: 0,/g, 'Dialogue: Marked=0,');
    expect(parseSubtitles(ssa).map((s) => s.text)).toEqual(['Welcome!', 'Coffee, first found in Ethiopia.']);
  });

  it('keeps WebVTT comments and cue identifiers out of the text, and reads a cue whose first line is blank', () => {
    const vtt = [
      'WEBVTT',
      '',
      'intro',
      '00:00:01.000 --> 00:00:02.000',
      '',
      'Hello there.',
      '',
      'NOTE the speaker changes here',
      'and this note has two lines',
      '',
      'second',
      '00:00:02.000 --> 00:00:03.000 line:0',
      'General Kenobi.',
      '',
    ].join('\n');
    expect(parseSubtitles(vtt)).toEqual([
      { start: 1, end: 2, text: 'Hello there.' },
      { start: 2, end: 3, text: 'General Kenobi.' },
    ]);
  });

  it('drops the invisible direction marks of right-to-left captions', () => {
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:03.000\n\u202B\u200Fשלום\u200F, עולם\u202C\n\n00:03.000 --> 00:05.000\n\u200E\u2067مرحبا\u2069\u061C\n';
    expect(parseSubtitles(vtt).map((s) => s.text)).toEqual(['שלום, עולם', 'مرحبا']);
  });
});
