import { LANDING_CONTENT, LANDING_LOCALES, SITE_TOOLS, type LandingLocaleCode } from '@visualnotes/contracts';
import { useLocation, useParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import styles from '../info/Prose.module.css';

const localeOf = (code: string | undefined) => LANDING_LOCALES.find((l) => l.code === code);

/** Where a landing sub-page's feature lives in the app (the app itself is in English and Chinese). */
const targetOf = (slug: string) => (SITE_TOOLS.some((tool) => tool.slug === slug) ? `/tools/${slug}` : `/${slug}`);

function OtherPages({ code }: { code: LandingLocaleCode }) {
  const content = LANDING_CONTENT[code];
  return (
    <section aria-labelledby="other-pages">
      <h2 id="other-pages">{content.toolsTitle}</h2>
      {(['visual', 'ai'] as const).map((group) => (
        <div key={group}>
          <h3>{content.groups[group]}</h3>
          <ul className={`${styles.cards} ${styles.cards3}`}>
            {SITE_TOOLS.filter((tool) => tool.group === group).map((tool) => (
              <li key={tool.slug} className={styles.card}>
                <AppLink to={`/${code}/${tool.slug}`}>{content.pages[tool.slug].title}</AppLink>
                <span>{content.pages[tool.slug].description}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <h3>{content.otherPages}</h3>
      <ul>
        {(['download', 'pricing', 'templates'] as const).map((slug) => (
          <li key={slug}>
            <AppLink to={`/${code}/${slug}`}>{content.pages[slug].title}</AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/de`, `/es`, …: the home page written in that language. */
export function LanguageLandingPage() {
  const code = useLocation().pathname.split('/')[1] as LandingLocaleCode;
  const locale = localeOf(code)!;
  const content = LANDING_CONTENT[locale.code];
  useDocumentTitle(content.meta.title, true);
  return (
    <div className={`${styles.page} ${styles.wide}`} lang={locale.iso} dir={locale.dir} data-testid="landing-page">
      <h1>{content.heroTitle}</h1>
      <p className={styles.lead}>{content.heroLead}</p>
      <p>
        <AppLink to="/account" className={styles.button}>
          {content.ctaStart}
        </AppLink>{' '}
        <AppLink to={`/${code}/download`}>{content.ctaDownload}</AppLink>
      </p>
      <section aria-labelledby="features">
        <h2 id="features">{content.featuresTitle}</h2>
        <ul className={styles.cards}>
          {content.features.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <OtherPages code={code} />
      <section aria-labelledby="guarantee">
        <h2 id="guarantee">{content.guaranteeTitle}</h2>
        <p>{content.guarantee}</p>
        <p>{content.referral}</p>
        <p>
          <AppLink to={`/blog/how-to-summarize-a-youtube-video?lang=${code}`}>{content.blogLink}</AppLink>
        </p>
      </section>
    </div>
  );
}

/** `/:lang/:slug`, validated by the route loader before it renders. */
export function LanguagePage() {
  const params = useParams();
  const locale = localeOf(params.lang)!;
  const slug = params.slug!;
  const content = LANDING_CONTENT[locale.code];
  const page = content.pages[slug];
  useDocumentTitle(page.title);
  return (
    <div className={`${styles.page} ${styles.wide}`} lang={locale.iso} dir={locale.dir} data-testid="language-page">
      <p>
        <AppLink to={`/${locale.code}`}>← VisualNotes ({locale.name})</AppLink>
      </p>
      <h1>{page.title}</h1>
      <p className={styles.lead}>{page.description}</p>
      <p>
        <AppLink to={targetOf(slug)} className={styles.button}>
          {content.openTool}
        </AppLink>
      </p>
      <section aria-labelledby="features">
        <h2 id="features">{content.featuresTitle}</h2>
        <ul className={styles.cards}>
          {content.features.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <strong>{content.guaranteeTitle}.</strong> {content.guarantee}
      </p>
      <OtherPages code={locale.code} />
    </div>
  );
}
