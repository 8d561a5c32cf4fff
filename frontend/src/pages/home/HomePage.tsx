import { useTranslation } from '../../i18n/i18n';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { TOOL_GROUP_LABELS, toolPath, toolsInGroup } from '../../app/routes/tools';
import styles from './HomePage.module.css';

const USE_CASES = [
  {
    id: 'notes',
    title: 'Visual notes',
    text: 'Put text, images, links and sketches side by side on an endless canvas, and arrange them the way you think.',
  },
  {
    id: 'whiteboards',
    title: 'Whiteboards',
    text: 'Draw flowcharts, moodboards and plans on a whiteboard that also works offline, on the web, desktop and mobile.',
  },
  {
    id: 'video-summaries',
    title: 'Video summaries',
    text: 'Paste a video link to get a transcript, a summary and timestamped notes next to your canvas. Documents too: PDF, PPT and Word.',
  },
  {
    id: 'templates',
    title: 'Templates',
    text: 'Start from a template for mind maps, moodboards, flowcharts, lesson plans and more, or share your own with the community.',
  },
  {
    id: 'publishing',
    title: 'Publishing',
    text: 'Publish a project to the web with one click and see how many people read it.',
  },
];

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>{t('Think, create and publish on a canvas')}</h1>
        <p className={styles.lead}>
          {t(
            'VisualNotes is a visual note-taking tool: notes, whiteboards and AI summaries of videos and documents in one place. For students, researchers, designers, teachers and teams.',
          )}
        </p>
        <div className={styles.actions}>
          <AppLink to="/account" className={styles.primary}>
            {t('Get started free')}
          </AppLink>
          <AppLink to="/download" className={styles.secondary}>
            {t('Download the apps')}
          </AppLink>
        </div>
      </section>

      <section id="use-cases" className={styles.useCases} aria-labelledby="use-cases-title">
        <h2 id="use-cases-title" className={styles.sectionTitle}>
          {t('Use cases')}
        </h2>
        {USE_CASES.map((useCase) => (
          <article key={useCase.id} id={useCase.id} className={styles.useCase}>
            <div>
              <h3>{t(useCase.title)}</h3>
              <p>{t(useCase.text)}</p>
            </div>
            {/* Drawn in the editor and exported as SVG (scripts/illustrations.mjs). */}
            <img className={styles.illustration} src={`/illustrations/${useCase.id}.svg`} alt="" loading="lazy" decoding="async" width={560} height={300} />
          </article>
        ))}
      </section>

      <section id="tools" className={styles.tools} aria-labelledby="tools-title">
        <h2 id="tools-title" className={styles.sectionTitle}>
          {t('Free tools')}
        </h2>
        <div className={styles.toolGroups}>
          {(['visual', 'ai'] as const).map((group) => (
            <div key={group}>
              <h3>{t(TOOL_GROUP_LABELS[group])}</h3>
              <ul>
                {toolsInGroup(group).map((tool) => (
                  <li key={tool.slug}>
                    <AppLink to={toolPath(tool)}>{t(tool.name)}</AppLink>
                    <small>{t(tool.description)}</small>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.offers} aria-label={t('Offers')}>
        <div className={styles.offer} id="referral">
          <h2>{t('Invite friends, unlock more')}</h2>
          <p>
            {t(
              'Inviting friends unlocks unlimited videos and AI summaries for free. Share your invite link from your account; when friends sign up, both of you benefit.',
            )}
          </p>
          <AppLink to="/refer">{t('Get your invite link')}</AppLink>
        </div>
        <div className={styles.offer} id="guarantee">
          <h2>{t('30-day money-back guarantee')}</h2>
          <p>
            {t(
              'Try any paid plan without risk. If it is not for you, ask for a refund within 30 days of purchase and you get the full amount back, no questions asked.',
            )}
          </p>
          <AppLink to="/pricing">{t('See plans and pricing')}</AppLink>
        </div>
      </section>

      <section className={styles.cta}>
        <h2 className={styles.sectionTitle}>{t('Learn visual thinking')}</h2>
        <p>{t('Guides on visual note-taking, moodboards, flowcharts and AI summaries, in several languages.')}</p>
        <AppLink to="/blog" className={styles.primary}>
          {t('Read the blog')}
        </AppLink>
      </section>
    </div>
  );
}
