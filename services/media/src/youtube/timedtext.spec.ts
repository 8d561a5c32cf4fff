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
});
