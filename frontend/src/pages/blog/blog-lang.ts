import { BLOG_LANGS, type BlogLang } from '@visualnotes/contracts';
import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router-dom';

const isBlogLang = (value: unknown): value is BlogLang => (BLOG_LANGS as readonly unknown[]).includes(value);

/** The blog's language: `?lang=` when given (shared links), else the UI language. */
export function useBlogLang(): BlogLang {
  const [params] = useSearchParams();
  const { i18n } = useTranslation();
  const fromUrl = params.get('lang');
  if (isBlogLang(fromUrl)) return fromUrl;
  return isBlogLang(i18n.language) ? i18n.language : 'en';
}

export const blogHref = (slug: string | null, lang: BlogLang, page?: number) => {
  const query = new URLSearchParams();
  if (lang !== 'en') query.set('lang', lang);
  if (page && page > 1) query.set('page', String(page));
  const qs = query.toString();
  return `/blog${slug ? `/${slug}` : ''}${qs ? `?${qs}` : ''}`;
};

export const LANGUAGE_NAMES: Record<BlogLang, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
};

/** An article's day in the article's own language. */
export const articleDate = (iso: string, lang: BlogLang) => formatDate(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }, lang);
