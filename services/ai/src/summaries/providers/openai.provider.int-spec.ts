import { Messages } from '@visualnotes/contracts';
import { OpenAiStandIn } from '@visualnotes/testing';
import OpenAI from 'openai';
import type { AiConfig } from '../../config';
import { createSummaryProvider } from './index';
import { OpenAiSummaryProvider } from './openai.provider';
import type { SummaryUnit } from './summary-provider';

/** About 6,000 words in 600 caption lines, 3.5 s apart (35 minutes), three topics in a row. */
function longTranscript(): SummaryUnit[] {
  const topics = [
    'solar panels turn sunlight into electricity on the roof',
    'boil the pasta in salted water and toss it with sauce',
    'the rocket engine burns fuel to lift the payload into orbit',
  ];
  return Array.from({ length: 600 }, (_, i) => ({ text: `Line ${i}: ${topics[Math.floor(i / 200)]}.`, start: Math.round(i * 3.5 * 10) / 10 }));
}

/** The positions quoted at the start of each line of a map prompt: `[12.5] text`. */
const positions = (prompt: string) => [...prompt.matchAll(/^\[([\d.]+)\]/gm)].map((m) => Number(m[1]));
const isReduce = (messages: { content: string }[]) => /overview/.test(messages[0].content);

describe('OpenAI-compatible chat summaries (map-reduce) against a chat stand-in', () => {
  const standIns: OpenAiStandIn[] = [];
  const start = async (options: ConstructorParameters<typeof OpenAiStandIn>[0] = {}) => {
    const s = await OpenAiStandIn.start(options);
    standIns.push(s);
    return s;
  };
  const provider = (s: OpenAiStandIn, mapWords = 1_000) =>
    new OpenAiSummaryProvider(new OpenAI({ baseURL: s.url, apiKey: 'test-key', maxRetries: 0, timeout: 10_000 }), 'test-model', mapWords);
  afterAll(() => Promise.all(standIns.map((s) => s.close())));

  it('maps every part of a long transcript once, in order, and reduces the sections to an overview', async () => {
    const chat = await start();
    const units = longTranscript();
    // parts of at most 1,000 words and 10 minutes
    const groups = provider(chat).parts(units);
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const g of groups) expect(g.at(-1)!.start! - g[0].start!).toBeLessThan(600);
    const progress: number[] = [];
    const summary = await provider(chat).summarize({ title: 'Three topics', units, onProgress: (f) => void progress.push(f) });

    // One map call per part, then one reduce call.
    expect(chat.chats).toHaveLength(groups.length + 1);
    const maps = chat.chats.slice(0, -1);
    expect(maps.every((m) => !isReduce(m))).toBe(true);
    expect(isReduce(chat.chats.at(-1)!)).toBe(true);
    // Every line went to the model exactly once, in order, with its time and the title.
    expect(maps.flatMap((m) => positions(m.at(-1)!.content))).toEqual(units.map((u) => u.start));
    for (const m of maps) {
      expect(m[0].role).toBe('system');
      expect(m.at(-1)!.content).toMatch(/^Title: Three topics\n/);
      // A part stays within the word budget (plus the one line that crossed it).
      expect(m.at(-1)!.content.split(/\s+/).length).toBeLessThan(1_000 + 200);
    }
    // The reduce step sees the sections of every part, not the transcript.
    const outline = chat.chats.at(-1)!.at(-1)!.content;
    expect(outline.split('\n')).toHaveLength(groups.length);
    expect(outline).not.toMatch(/Line \d+/);

    expect(summary.overview).toBe('Model overview of the whole video.');
    expect(summary.sections.map((s) => s.start)).toEqual(groups.map((g) => g[0].start));
    // A point without its own moment is at its section's.
    expect(summary.sections[0]).toEqual({
      start: 0,
      title: 'Model section',
      points: ['First model point', 'Second model point'],
      citations: [
        { text: 'First model point', start: 0 },
        { text: 'Second model point', start: 0 },
      ],
    });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('keeps section times inside their part, reads fenced JSON, and falls back to the built-in summary for an unusable answer', async () => {
    let call = 0;
    const chat = await start({
      chat: (messages) => {
        if (isReduce(messages)) return 'Not JSON at all';
        call++;
        const at = positions(messages.at(-1)!.content);
        if (call === 2) return 'Sorry, I cannot help with that.';
        if (call === 3) return `Here you go:\n\`\`\`json\n${JSON.stringify({ sections: [{ at: at[5], title: 'Fenced', points: ['A point'] }] })}\n\`\`\``;
        // Times outside the part (a model mixing up numbers) are kept within it.
        return JSON.stringify({
          sections: [
            { at: -50, title: 'Too early', points: ['x', 'y'] },
            { at: 99_999, title: 'Too late', points: ['x', 'y', 'z', 'w', 'v', 'u'] },
            { at: at[1], title: '', points: ['no title: dropped'] },
          ],
        });
      },
    });
    const units = longTranscript();
    const groups = provider(chat).parts(units);
    const summary = await provider(chat).summarize({ units });

    const first = groups[0];
    expect(summary.sections[0]).toMatchObject({ title: 'Too early', start: first[0].start });
    expect(summary.sections[1]).toMatchObject({ title: 'Too late', start: first.at(-1)!.start });
    // at most twice the points a part's length asks for (five for 1,000 words)
    expect(summary.sections[1].points).toHaveLength(6);
    expect(summary.sections.some((s) => s.title === '')).toBe(false);

    // Part 2 answered prose: the built-in summarizer made its sections, inside part 2's time range.
    const second = groups[1];
    const fallback = summary.sections.filter((s) => s.start! >= second[0].start! && s.start! <= second.at(-1)!.start!);
    expect(fallback.length).toBeGreaterThanOrEqual(1);
    expect(fallback.every((s) => s.title !== 'Too early' && s.points.length >= 1)).toBe(true);
    expect(fallback.flatMap((s) => s.points).join(' ')).toMatch(/pasta|solar/);

    // Part 3's answer was wrapped in a code fence.
    expect(summary.sections).toContainEqual({
      title: 'Fenced',
      points: ['A point'],
      start: groups[2][5].start,
      citations: [{ text: 'A point', start: groups[2][5].start }],
    });
    // No usable overview from the model: the built-in overview of the whole transcript.
    expect(summary.overview.length).toBeGreaterThan(20);
    expect(summary.overview).not.toBe('Not JSON at all');
  });

  it('summarizes a short transcript in one map call', async () => {
    const chat = await start();
    const summary = await provider(chat).summarize({ units: longTranscript().slice(0, 20) });
    expect(chat.chats).toHaveLength(2);
    expect(summary.sections).toHaveLength(1);
  });

  it('refuses an empty transcript with the catalogue message, without calling the model', async () => {
    const chat = await start();
    await expect(provider(chat).summarize({ units: [{ text: '   ', start: 0 }] })).rejects.toThrow(Messages.cannotSummarizeNoTranscript);
    expect(chat.chats).toHaveLength(0);
  });

  it('is the configured provider when AI_BASE_URL is set, and the built-in one otherwise', async () => {
    const chat = await start();
    const config = { AI_BASE_URL: chat.url, AI_MODEL: 'test-model', AI_TIMEOUT_MS: 10_000, AI_MAP_WORDS: 2_000 } as AiConfig;
    const configured = createSummaryProvider(config);
    expect(configured.name).toBe('openai');
    const summary = await configured.summarize({ units: longTranscript() });
    // 6,000 words in parts of at most 2,000 words and 10 minutes: a map call each and the reduce call.
    expect(chat.chats).toHaveLength((configured as OpenAiSummaryProvider).parts(longTranscript()).length + 1);
    expect(summary.overview).toBe('Model overview of the whole video.');
    expect(createSummaryProvider({ AI_MODEL: 'x', AI_TIMEOUT_MS: 10_000, AI_MAP_WORDS: 2_000 } as AiConfig).name).toBe('builtin');
  });
});

describe('OpenAI-compatible chat summaries of a video with chapters', () => {
  it('maps each chapter on its own and keeps one section per chapter, titled and timed by it', async () => {
    const chat = await OpenAiStandIn.start();
    try {
      const provider = new OpenAiSummaryProvider(new OpenAI({ baseURL: chat.url, apiKey: 'k', maxRetries: 0, timeout: 10_000 }), 'test-model', 1_000);
      const units = longTranscript();
      const chapters = [
        { start: 0, title: 'Solar power' },
        { start: 700, title: 'Cooking pasta' },
        { start: 1400, title: 'Rockets' },
      ];
      const parts = provider.parts(units, { chapters });
      // no part crosses a chapter's start
      for (const p of parts) expect(new Set(p.map((u) => chapters.filter((c) => c.start <= u.start!).length)).size).toBe(1);
      const summary = await provider.summarize({ units, chapters });
      expect(summary.sections.map((s) => [s.start, s.title])).toEqual(chapters.map((c) => [c.start, c.title]));
      // the model was told which chapter each part belongs to
      expect(chat.chats.slice(0, -1).every((m) => /belongs to the chapter "(Solar power|Cooking pasta|Rockets)"/.test(m[0].content))).toBe(true);
    } finally {
      await chat.close();
    }
  });
});
