import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { EXTERNAL_LINKS } from '../../app/layout/external-links';
import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import styles from './Prose.module.css';

/** A day written the reader's way ("1 October 2025", "2025年10月1日"). */
const day = (iso: string) => formatDate(`${iso}T12:00:00Z`, { dateStyle: 'long' });

function InfoPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return (
    <article className={styles.page}>
      <h1>{t(title)}</h1>
      {updated ? <p className={styles.meta}>{t('Last updated {{date}}', { date: day(updated) })}</p> : null}
      {children}
    </article>
  );
}

const contact = <a href={EXTERNAL_LINKS.email}>{EXTERNAL_LINKS.email.replace('mailto:', '')}</a>;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={msg('Privacy Policy')} updated="2025-10-01">
      <p className={styles.lead}>{t('We collect what we need to run VisualNotes for you, nothing to sell, and we delete it when you ask.')}</p>
      <h2>{t('What we collect')}</h2>
      <ul>
        <li>
          <strong>{t('Account:')}</strong>{' '}
          {t(
            'your name, e-mail address and a hash of your password (never the password itself). If you sign in with Google, we receive your name, e-mail address and Google account id.',
          )}
        </li>
        <li>
          <strong>{t('Your content:')}</strong> {t('projects, canvases, uploaded files, imported videos, transcripts, summaries, highlights and tags.')}
        </li>
        <li>
          <strong>{t('Devices:')}</strong>{' '}
          {t('a device fingerprint, the device name and operating system, to protect logins from new devices and to count license activations.')}
        </li>
        <li>
          <strong>{t('Published pages:')}</strong>{' '}
          {t('views, a daily hashed visitor identifier and the referring site, to show you statistics. No cookies are used for this.')}
        </li>
        <li>
          <strong>{t('Payments:')}</strong> {t('handled by our payment provider; we store the plan, its status and dates, not your card number.')}
        </li>
      </ul>
      <h2>{t('Why we use it')}</h2>
      <p>
        {t(
          'To provide the service, secure your account, process payments, answer support requests and, in aggregate, understand which features are used. We do not sell personal data and do not use your content to train models.',
        )}
      </p>
      <h2>{t('AI processing')}</h2>
      <p>
        {t(
          'When you summarize a video or document, its text is sent to the model provider configured for the service, only to produce your summary. Providers are bound not to retain or train on it.',
        )}
      </p>
      <h2>{t('How long we keep it')}</h2>
      <p>
        {t(
          'As long as your account exists. Deleting your account removes your content, revokes your licenses and unpublishes your projects; backups roll over within 30 days. Logs are kept for at most 90 days.',
        )}
      </p>
      <h2>{t('Your rights')}</h2>
      <p>
        {t('You can see, export, correct and delete your data from your account, or write to us at')} {contact}.{' '}
        {t('You may also complain to your data protection authority.')}
      </p>
      <h2>{t('Cookies and local storage')}</h2>
      <p>{t('We store your sign-in token, your language and a device fingerprint in your browser. We use no advertising cookies.')}</p>
    </InfoPage>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={msg('Terms of Service')} updated="2025-10-01">
      <p className={styles.lead}>{t('By using VisualNotes you agree to these terms. They are written to be read.')}</p>
      <h2>{t('Your account')}</h2>
      <p>
        {t(
          'You must give a valid e-mail address and keep your password safe. You are responsible for what happens under your account. Accounts must be activated by e-mail.',
        )}
      </p>
      <h2>{t('Your content')}</h2>
      <p>
        {t(
          'You keep all rights to what you create. You give us the permission needed to store, process and display it for you — and, when you publish or share a project, to show it to the people you publish or share it with.',
        )}
      </p>
      <h2>{t('Acceptable use')}</h2>
      <p>
        {t(
          'Do not publish content that is illegal, infringes others’ rights, or is meant to deceive or harm. Do not attempt to break, overload or reverse-engineer the service. We may remove published content that breaks these rules.',
        )}
      </p>
      <h2>{t('Plans, licenses and payments')}</h2>
      <ul>
        <li>{t('Subscriptions (Premium, Publisher) renew monthly or yearly until you cancel; cancelling keeps access until the end of the paid period.')}</li>
        <li>{t('Desktop Pro licenses are monthly, yearly or lifetime and cover 4 (Pro), 8 (Pro Plus) or 20 (Pro Max) devices.')}</li>
        <li>
          <strong>{t('30-day money-back guarantee:')}</strong> {t('ask within 30 days of a purchase for a full refund.')}
        </li>
        <li>
          {t('Deleting your account revokes licenses and ends publishing subscriptions; payments already made are not refunded outside the guarantee period.')}
        </li>
      </ul>
      <h2>{t('Availability')}</h2>
      <p>
        {t(
          'We work to keep VisualNotes available and your data safe, but the service is provided as it is. To the extent the law allows, our liability is limited to the amount you paid in the last 12 months.',
        )}
      </p>
      <h2>{t('Changes')}</h2>
      <p>
        {t('We will announce material changes by e-mail at least 30 days before they take effect.')} {t('Questions:')} {contact}.
      </p>
    </InfoPage>
  );
}

const RELEASES = [
  {
    version: '2.4',
    date: '2025-09-30',
    items: [
      msg('Publish a board to the web with a short link and view statistics.'),
      msg('Embed published boards in other sites.'),
      msg('Blog in eight languages.'),
    ],
  },
  {
    version: '2.3',
    date: '2025-08-12',
    items: [msg('PDF, PowerPoint and Word summaries with page references.'), msg('Long documents are summarized in parts and combined (Premium).')],
  },
  {
    version: '2.2',
    date: '2025-06-24',
    items: [msg('Flowchart maker: arrows stay attached when shapes move.'), msg('Template gallery with community submissions.')],
  },
  {
    version: '2.1',
    date: '2025-05-20',
    items: [msg('Moodboard maker with colour swatches.'), msg('The web app installs from the browser and works offline.')],
  },
  {
    version: '2.0',
    date: '2025-03-04',
    items: [
      msg('YouTube summarizer with transcripts and timestamped highlights.'),
      msg('Video library with favourites and tags.'),
      msg('Referral: invite friends to unlock unlimited summaries.'),
    ],
  },
];

export function ChangelogPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={msg('Changelog')}>
      <p className={styles.lead}>{t('What changed in VisualNotes, newest first.')}</p>
      {RELEASES.map((release) => (
        <section key={release.version} aria-labelledby={`v${release.version}`}>
          <h2 id={`v${release.version}`}>
            {release.version} <small className={styles.meta}>— {day(release.date)}</small>
          </h2>
          <ul>
            {release.items.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </section>
      ))}
    </InfoPage>
  );
}

export function RoadmapPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={msg('Roadmap')}>
      <p className={styles.lead}>
        {t('What we are working on, in rough order.')} {t('Tell us what matters to you on the')}{' '}
        <a href={EXTERNAL_LINKS.featureRequest}>{t('feature request board')}</a>.
      </p>
      <h2>{t('Now')}</h2>
      <ul>
        <li>{t('Real-time collaboration on one canvas, with cursors and comments.')}</li>
        <li>{t('Summaries of local video and audio files in more languages.')}</li>
      </ul>
      <h2>{t('Next')}</h2>
      <ul>
        <li>{t('Linux desktop app.')}</li>
        <li>{t('Export a canvas to PDF and PNG at print resolution.')}</li>
        <li>{t('Custom domains for published boards.')}</li>
      </ul>
      <h2>{t('Later')}</h2>
      <ul>
        <li>{t('Spaced-repetition review of highlights.')}</li>
        <li>{t('An API for importing notes from other tools.')}</li>
      </ul>
      <h2>{t('Not planned')}</h2>
      <p>
        {t('Ads, selling data, or features that need your content to train models.')} {t('See our')} <AppLink to="/vision">{t('vision')}</AppLink>.
      </p>
    </InfoPage>
  );
}

export function VisionPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={msg('Vision')}>
      <p className={styles.lead}>{t('Thinking is visual. Notes should lead somewhere.')}</p>
      <p>
        {t(
          'Most of what we learn today arrives as video and long documents, and most of it is forgotten within a week. Linear notes record what we heard; they rarely show how ideas connect. We build VisualNotes so that what you watch and read ends up on a canvas where you can see it, rearrange it and make something of it.',
        )}
      </p>
      <h2>{t('What we believe')}</h2>
      <ul>
        <li>
          <strong>{t('Space is a tool for thought.')}</strong> {t('Where you put an idea says something about it.')}
        </li>
        <li>
          <strong>{t('AI should shorten the path to understanding, not replace it.')}</strong>{' '}
          {t('Summaries point you at what matters; the thinking stays yours.')}
        </li>
        <li>
          <strong>{t('Your work is yours.')}</strong> {t('It works offline, exports freely, and is never used to train models.')}
        </li>
        <li>
          <strong>{t('Ideas are meant to be shared.')}</strong> {t('Publishing a board should be one click, and readers should not need an account.')}
        </li>
      </ul>
      <p>
        {t('We are a small, independent team funded by our users. If this resonates,')} <AppLink to="/account">{t('start a canvas')}</AppLink>{' '}
        {t('or write to us at')} {contact}.
      </p>
    </InfoPage>
  );
}
