import { TWO_TOPICS } from '@visualnotes/testing';
import { summarizeExtractive, terms } from './builtin.provider';

const { solar, pasta } = TWO_TOPICS;

describe('built-in summarizer', () => {
  it('finds the topic shift and keeps the start time of each section', () => {
    const units = [...solar, ...pasta].map((text, i) => ({ text, start: i * 5 }));
    const summary = summarizeExtractive({ units });
    expect(summary.sections.map((s) => s.start)).toEqual([0, 30]);
    expect(summary.sections[1].points.join(' ')).toMatch(/pasta/);
    expect(summary.sections[0].points.join(' ')).not.toMatch(/pasta/);
    for (const s of summary.sections) expect(s.points.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps pages for documents', () => {
    const summary = summarizeExtractive({ units: [{ text: solar.join(' '), page: 1 }, { text: pasta.join(' '), page: 2 }] });
    expect(summary.sections.map((s) => s.page)).toEqual([1, 2]);
  });

  it('handles Chinese without spaces by character bigrams', () => {
    expect(terms('神经网络由很多层组成')).toContain('神经');
    const units = ['太阳能电池板把阳光变成电能。', '太阳能电池板需要阳光照射。', '电池可以储存太阳能电能。', '今天我们做意大利面。', '意大利面要在开水里煮八分钟。', '煮好的意大利面拌上番茄酱。'].map((text, i) => ({ text, start: i * 3 }));
    const summary = summarizeExtractive({ units });
    expect(summary.overview).toMatch(/[\u4e00-\u9fff]/);
    expect(summary.sections.flatMap((s) => s.points).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses an empty transcript with the catalogue message', () => {
    expect(() => summarizeExtractive({ units: [{ text: '  ', start: 0 }] })).toThrow('Unable to summarize because no transcript was found');
  });

  it('joins caption lines without punctuation into sentences', () => {
    const units = Array.from({ length: 40 }, (_, i) => ({ text: `caption line number ${i} about rockets and engines`, start: i }));
    const summary = summarizeExtractive({ units });
    expect(summary.sections[0].start).toBe(0);
    expect(summary.sections[0].points[0].split(' ').length).toBeGreaterThan(10);
  });
});
