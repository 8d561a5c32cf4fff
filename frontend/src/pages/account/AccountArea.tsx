import { useTranslation } from '../../i18n/i18n';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styles from './AccountPage.module.css';
import { InviteSection } from '../../features/license/InviteSection';
import { LicenseSection } from '../../features/license/LicenseSection';
import { AccountPanel } from '../../features/profile/AccountPanel';
import { PublishedSection } from '../../features/publish/PublishedSection';
import { TemplatesSection } from '../../features/publish/TemplatesSection';
import { VideoLibrarySection } from '../../features/library/VideoLibrarySection';
import { msg } from '../../i18n/msg';

/** The account area's sections, in order; `id` is the element id each section renders. */
export const ACCOUNT_SECTIONS = [
  { id: 'account', label: msg('Account'), Component: AccountPanel },
  { id: 'video-library', label: msg('Video Library'), Component: VideoLibrarySection },
  { id: 'license', label: msg('License'), Component: LicenseSection },
  { id: 'templates', label: msg('Templates'), Component: TemplatesSection },
  { id: 'published', label: msg('Published'), Component: PublishedSection },
  { id: 'invite', label: msg('Invite'), Component: InviteSection },
] as const;

type SectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];
const isSection = (id: string): id is SectionId => ACCOUNT_SECTIONS.some((s) => s.id === id);

/** The section navigation (side nav on wide screens, a scrollable strip on small ones) and the sections. */
export default function AccountArea() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = location.hash.slice(1);
  const [current, setCurrent] = useState<SectionId>(isSection(fromHash) ? fromHash : 'account');

  // Arriving from another page with a section in the hash (`/account#published`): the sections above
  // it grow as their data comes in, so the section is kept in view until the page settles or the
  // reader scrolls by themselves.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const id = fromHash;
    if (!isSection(id) || id === ACCOUNT_SECTIONS[0].id || !content.current) return;
    const reveal = () => document.getElementById(id)?.scrollIntoView({ block: 'start' });
    const observer = new ResizeObserver(reveal);
    const stop = () => observer.disconnect();
    reveal();
    observer.observe(content.current);
    const timer = window.setTimeout(stop, 3000);
    const byReader = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    byReader.forEach((type) => window.addEventListener(type, stop, { once: true, passive: true }));
    return () => {
      stop();
      window.clearTimeout(timer);
      byReader.forEach((type) => window.removeEventListener(type, stop));
    };
    // only the hash the page was opened with
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the section being read (the last one whose top has passed the upper third of the window) is marked
  // in the navigation: a short section that is on screen is not left to the long one above it
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = Math.max(160, window.innerHeight / 3);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let active: SectionId = ACCOUNT_SECTIONS[0].id;
      for (const s of ACCOUNT_SECTIONS) {
        const top = document.getElementById(s.id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= (atBottom ? window.innerHeight - 80 : line)) active = s.id;
      }
      setCurrent(active);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  function go(e: MouseEvent<HTMLAnchorElement>, id: SectionId) {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setCurrent(id);
    // the router scrolls to the hash; the section then takes the focus so keyboard users continue from there
    navigate({ pathname: location.pathname, search: location.search, hash: id }, { replace: true });
    const el = document.getElementById(id);
    if (el) {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    }
  }

  return (
    <div className={styles.page} data-testid="account-area">
      <h1 className={styles.title}>{t('Your account')}</h1>
      <nav className={styles.nav} aria-label={t('Account sections')} data-testid="account-nav">
        <ul className={styles.navList}>
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.id}>
              <a className={styles.navLink} href={`#${s.id}`} aria-current={current === s.id ? 'true' : undefined} onClick={(e) => go(e, s.id)}>
                {t(s.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content} ref={content}>
        {ACCOUNT_SECTIONS.map(({ id, Component }) => (
          <Component key={id} />
        ))}
      </div>
    </div>
  );
}
