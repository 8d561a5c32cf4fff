import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { EXTERNAL_LINKS } from '../../app/layout/external-links';
import styles from './Prose.module.css';

function InfoPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className={styles.page}>
      <h1>{title}</h1>
      {updated ? <p className={styles.meta}>Last updated {updated}</p> : null}
      {children}
    </article>
  );
}

const contact = <a href={EXTERNAL_LINKS.email}>{EXTERNAL_LINKS.email.replace('mailto:', '')}</a>;

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" updated="1 October 2025">
      <p className={styles.lead}>We collect what we need to run VisualNotes for you, nothing to sell, and we delete it when you ask.</p>
      <h2>What we collect</h2>
      <ul>
        <li><strong>Account:</strong> your name, e-mail address and a hash of your password (never the password itself). If you sign in with Google, we receive your name, e-mail address and Google account id.</li>
        <li><strong>Your content:</strong> projects, canvases, uploaded files, imported videos, transcripts, summaries, highlights and tags.</li>
        <li><strong>Devices:</strong> a device fingerprint, the device name and operating system, to protect logins from new devices and to count license activations.</li>
        <li><strong>Published pages:</strong> views, a daily hashed visitor identifier and the referring site, to show you statistics. No cookies are used for this.</li>
        <li><strong>Payments:</strong> handled by our payment provider; we store the plan, its status and dates, not your card number.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>To provide the service, secure your account, process payments, answer support requests and, in aggregate, understand which features are used. We do not sell personal data and do not use your content to train models.</p>
      <h2>AI processing</h2>
      <p>When you summarize a video or document, its text is sent to the model provider configured for the service, only to produce your summary. Providers are bound not to retain or train on it.</p>
      <h2>How long we keep it</h2>
      <p>As long as your account exists. Deleting your account removes your content, revokes your licenses and unpublishes your projects; backups roll over within 30 days. Logs are kept for at most 90 days.</p>
      <h2>Your rights</h2>
      <p>You can see, export, correct and delete your data from your account, or write to us at {contact}. You may also complain to your data protection authority.</p>
      <h2>Cookies and local storage</h2>
      <p>We store your sign-in token, your language and a device fingerprint in your browser. We use no advertising cookies.</p>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage title="Terms of Service" updated="1 October 2025">
      <p className={styles.lead}>By using VisualNotes you agree to these terms. They are written to be read.</p>
      <h2>Your account</h2>
      <p>You must give a valid e-mail address and keep your password safe. You are responsible for what happens under your account. Accounts must be activated by e-mail.</p>
      <h2>Your content</h2>
      <p>You keep all rights to what you create. You give us the permission needed to store, process and display it for you — and, when you publish or share a project, to show it to the people you publish or share it with.</p>
      <h2>Acceptable use</h2>
      <p>Do not publish content that is illegal, infringes others’ rights, or is meant to deceive or harm. Do not attempt to break, overload or reverse-engineer the service. We may remove published content that breaks these rules.</p>
      <h2>Plans, licenses and payments</h2>
      <ul>
        <li>Subscriptions (Premium, Publisher) renew monthly or yearly until you cancel; cancelling keeps access until the end of the paid period.</li>
        <li>Desktop Pro licenses are monthly, yearly or lifetime and cover 4 (Pro), 8 (Pro Plus) or 20 (Pro Max) devices.</li>
        <li><strong>30-day money-back guarantee:</strong> ask within 30 days of a purchase for a full refund.</li>
        <li>Deleting your account revokes licenses and ends publishing subscriptions; payments already made are not refunded outside the guarantee period.</li>
      </ul>
      <h2>Availability</h2>
      <p>We work to keep VisualNotes available and your data safe, but the service is provided as it is. To the extent the law allows, our liability is limited to the amount you paid in the last 12 months.</p>
      <h2>Changes</h2>
      <p>We will announce material changes by e-mail at least 30 days before they take effect. Questions: {contact}.</p>
    </InfoPage>
  );
}

const RELEASES = [
  {
    version: '2.4',
    date: '30 September 2025',
    items: ['Publish a board to the web with a short link and view statistics.', 'Embed published boards in other sites.', 'Blog in eight languages.'],
  },
  {
    version: '2.3',
    date: '12 August 2025',
    items: ['PDF, PowerPoint and Word summaries with page references.', 'Long documents are summarized in parts and combined (Premium).'],
  },
  {
    version: '2.2',
    date: '24 June 2025',
    items: ['Flowchart maker: arrows stay attached when shapes move.', 'Template gallery with community submissions.'],
  },
  {
    version: '2.1',
    date: '20 May 2025',
    items: ['Moodboard maker with colour swatches.', 'The web app installs from the browser and works offline.'],
  },
  {
    version: '2.0',
    date: '4 March 2025',
    items: ['YouTube summarizer with transcripts and timestamped highlights.', 'Video library with favourites and tags.', 'Referral: invite friends to unlock unlimited summaries.'],
  },
];

export function ChangelogPage() {
  return (
    <InfoPage title="Changelog">
      <p className={styles.lead}>What changed in VisualNotes, newest first.</p>
      {RELEASES.map((release) => (
        <section key={release.version} aria-labelledby={`v${release.version}`}>
          <h2 id={`v${release.version}`}>
            {release.version} <small className={styles.meta}>— {release.date}</small>
          </h2>
          <ul>
            {release.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </InfoPage>
  );
}

export function RoadmapPage() {
  return (
    <InfoPage title="Roadmap">
      <p className={styles.lead}>
        What we are working on, in rough order. Tell us what matters to you on the <a href={EXTERNAL_LINKS.featureRequest}>feature request board</a>.
      </p>
      <h2>Now</h2>
      <ul>
        <li>Real-time collaboration on one canvas, with cursors and comments.</li>
        <li>Summaries of local video and audio files in more languages.</li>
      </ul>
      <h2>Next</h2>
      <ul>
        <li>Linux desktop app.</li>
        <li>Export a canvas to PDF and PNG at print resolution.</li>
        <li>Custom domains for published boards.</li>
      </ul>
      <h2>Later</h2>
      <ul>
        <li>Spaced-repetition review of highlights.</li>
        <li>An API for importing notes from other tools.</li>
      </ul>
      <h2>Not planned</h2>
      <p>Ads, selling data, or features that need your content to train models. See our <AppLink to="/vision">vision</AppLink>.</p>
    </InfoPage>
  );
}

export function VisionPage() {
  return (
    <InfoPage title="Vision">
      <p className={styles.lead}>Thinking is visual. Notes should lead somewhere.</p>
      <p>
        Most of what we learn today arrives as video and long documents, and most of it is forgotten within a week. Linear notes
        record what we heard; they rarely show how ideas connect. We build VisualNotes so that what you watch and read ends up on
        a canvas where you can see it, rearrange it and make something of it.
      </p>
      <h2>What we believe</h2>
      <ul>
        <li><strong>Space is a tool for thought.</strong> Where you put an idea says something about it.</li>
        <li><strong>AI should shorten the path to understanding, not replace it.</strong> Summaries point you at what matters; the thinking stays yours.</li>
        <li><strong>Your work is yours.</strong> It works offline, exports freely, and is never used to train models.</li>
        <li><strong>Ideas are meant to be shared.</strong> Publishing a board should be one click, and readers should not need an account.</li>
      </ul>
      <p>
        We are a small, independent team funded by our users. If this resonates, <AppLink to="/account">start a canvas</AppLink> or
        write to us at {contact}.
      </p>
    </InfoPage>
  );
}
