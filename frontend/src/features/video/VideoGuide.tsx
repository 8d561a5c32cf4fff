import { ToolGuide } from '../../components/ToolGuide/ToolGuide';
import styles from '../../components/ToolGuide/ToolGuide.module.css';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/**
 * Where only subtitle files can be read (no speech-to-text on this server), the guide must not
 * promise what the picker refuses: it speaks of links with captions and subtitle files only.
 */
const SUBTITLES_ONLY = {
  what: msg(
    'Paste a YouTube link, or upload a subtitle file (SRT or VTT). You get the whole transcript with timestamps, a summary in sections that jump to their moment in the video, and notes you can download or send to a canvas.',
  ),
  steps: [
    msg('Paste a link or choose a subtitle file'),
    msg('The captions are read (this server cannot transcribe audio)'),
    msg('Click a timestamp to jump there; download TXT, SRT or VTT'),
  ],
  time: msg('A video with captions, or a subtitle file, is ready in a few seconds.'),
};

/** The example is the one of the full guide: what a summary looks like does not depend on the source. */
const EXAMPLE = {
  caption: msg('Example: a 12-minute talk about solar power'),
  overview: msg('Solar panels turn sunlight into electricity; an inverter and a battery make it usable at home after dark.'),
  sections: [
    { at: '0:00', title: msg('How a solar cell works'), point: msg('Silicon cells release electrons when sunlight falls on them.') },
    { at: '4:10', title: msg('From panel to socket'), point: msg('An inverter changes the direct current of the panels into alternating current.') },
    { at: '8:35', title: msg('Storing the day for the evening'), point: msg('Batteries keep surplus energy for the evening peak.') },
  ],
};

/** What the video summarizer does, as this server can do it. */
export function VideoGuide({ subtitlesOnly }: { subtitlesOnly: boolean }) {
  const { t } = useTranslation();
  if (!subtitlesOnly) return <ToolGuide kind="video" />;
  return (
    <section className={styles.guide} aria-labelledby="guide-video" data-testid="tool-guide">
      <div>
        <h2 id="guide-video">{t('What it does')}</h2>
        <p>{t(SUBTITLES_ONLY.what)}</p>
        <ol className={styles.steps}>
          {SUBTITLES_ONLY.steps.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
        <h2>{t('How long it takes')}</h2>
        <p>{t(SUBTITLES_ONLY.time)}</p>
      </div>
      <figure className={styles.example}>
        <figcaption>{t(EXAMPLE.caption)}</figcaption>
        <p className={styles.overview}>{t(EXAMPLE.overview)}</p>
        <ul>
          {EXAMPLE.sections.map((s) => (
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
