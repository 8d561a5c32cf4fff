import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import styles from './ToolGuide.module.css';

/**
 * What a summarizer tool shows before it is used: what it does, how long it takes, and an example
 * of the result. `video-subtitles` is the video tool where only subtitle files can be read (no
 * speech-to-text on this server): it must not promise what the file picker refuses.
 */
export type ToolGuideKind = 'video' | 'video-subtitles' | 'document';

interface Guide {
  what: string;
  steps: string[];
  time: string;
  example: { caption: string; overview: string; sections: { at: string; title: string; point: string }[] };
}

/** What a video summary looks like does not depend on where its transcript came from. */
const VIDEO_EXAMPLE: Guide['example'] = {
  caption: msg('Example: a 12-minute talk about solar power'),
  overview: msg('Solar panels turn sunlight into electricity; an inverter and a battery make it usable at home after dark.'),
  sections: [
    { at: '0:00', title: msg('How a solar cell works'), point: msg('Silicon cells release electrons when sunlight falls on them.') },
    { at: '4:10', title: msg('From panel to socket'), point: msg('An inverter changes the direct current of the panels into alternating current.') },
    { at: '8:35', title: msg('Storing the day for the evening'), point: msg('Batteries keep surplus energy for the evening peak.') },
  ],
};

const GUIDES: Record<ToolGuideKind, Guide> = {
  video: {
    what: msg(
      'Paste a YouTube link, or upload a video, an audio file or subtitles. You get the whole transcript with timestamps, a summary in sections that jump to their moment in the video, and notes you can download or send to a canvas.',
    ),
    steps: [
      msg('Paste a link or choose a file'),
      msg('Captions are read, or the audio is transcribed'),
      msg('Click a timestamp to jump there; download TXT, SRT or VTT'),
    ],
    time: msg(
      'A video with captions is ready in a few seconds. Without captions the audio is transcribed in parallel parts: a one-hour talk usually takes a few minutes.',
    ),
    example: VIDEO_EXAMPLE,
  },
  'video-subtitles': {
    what: msg(
      'Paste a YouTube link, or upload a subtitle file (SRT or VTT). You get the whole transcript with timestamps, a summary in sections that jump to their moment in the video, and notes you can download or send to a canvas.',
    ),
    steps: [
      msg('Paste a link or choose a subtitle file'),
      msg('The captions are read (this server cannot transcribe audio)'),
      msg('Click a timestamp to jump there; download TXT, SRT or VTT'),
    ],
    time: msg('A video with captions, or a subtitle file, is ready in a few seconds.'),
    example: VIDEO_EXAMPLE,
  },
  document: {
    what: msg(
      'Upload a PDF, a PowerPoint or a Word file, or paste text. The summary follows the document: one section per chapter or heading, each point citing the page or slide it comes from, with an overview of what the document is about.',
    ),
    steps: [
      msg('Choose a file or paste text'),
      msg('The pages are read and cleaned (headers, page numbers and the bibliography left out)'),
      msg('Click a page number to read the passage a point comes from'),
    ],
    time: msg('A 20-page document takes a few seconds; a 300-page book usually less than a minute.'),
    example: {
      caption: msg('Example: a 14-page research paper'),
      overview: msg('The paper presents a compiler that records hot loops as traces and speeds programs up threefold.'),
      sections: [
        {
          at: 'p. 1',
          title: msg('1 Introduction'),
          point: msg('Interpreters of dynamic languages are slow because every operation checks types at run time.'),
        },
        { at: 'p. 4', title: msg('2 Trace trees'), point: msg('A trace tree records the path a loop takes most often.') },
        { at: 'p. 9', title: msg('3 Evaluation'), point: msg('Benchmarks run three times faster on average.') },
      ],
    },
  },
};

export function ToolGuide({ kind }: { kind: ToolGuideKind }) {
  const { t } = useTranslation();
  const guide = GUIDES[kind];
  return (
    <section className={styles.guide} aria-labelledby={`guide-${kind}`} data-testid="tool-guide">
      <div>
        <h2 id={`guide-${kind}`}>{t('What it does')}</h2>
        <p>{t(guide.what)}</p>
        <ol className={styles.steps}>
          {guide.steps.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
        <h2>{t('How long it takes')}</h2>
        <p>{t(guide.time)}</p>
      </div>
      <figure className={styles.example}>
        <figcaption>{t(guide.example.caption)}</figcaption>
        <p className={styles.overview}>{t(guide.example.overview)}</p>
        <ul>
          {guide.example.sections.map((s) => (
            <li key={s.at}>
              <span className={styles.at}>{s.at}</span> <strong>{t(s.title)}</strong>
              <br />
              {t(s.point)}
            </li>
          ))}
        </ul>
      </figure>
    </section>
  );
}
