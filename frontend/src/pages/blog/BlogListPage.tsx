import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { useBlogListQuery } from '../../features/blog/api';
import styles from '../info/Prose.module.css';
import { blogHref, articleDate, useBlogLang } from './blog-lang';

export const BLOG_PAGE_SIZE = 6;

export function BlogListPage() {
  const { t } = useTranslation();
  const lang = useBlogLang();
  const [params] = useSearchParams();
  useDocumentTitle(t('Blog'));
  const { data, isLoading, isError, refetch } = useBlogListQuery(lang);
  const pages = Math.max(1, Math.ceil((data?.length ?? 0) / BLOG_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const articles = data?.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE) ?? [];

  return (
    <div className={`${styles.page} ${styles.wide}`} lang={lang}>
      <h1>{t('Blog')}</h1>
      <p className={styles.lead}>{t('Guides on visual note-taking, whiteboards, moodboards, flowcharts and AI summaries of videos and documents.')}</p>
      <p>
        <a href={`/api/blog/rss.xml${lang === 'en' ? '' : `?lang=${lang}`}`}>{t('RSS feed')}</a>
      </p>
      {isLoading ? <p aria-busy="true">{t('Loading…')}</p> : null}
      {isError ? (
        <p role="alert">
          {t('The articles could not be loaded.')}{' '}
          <button type="button" className={styles.button} onClick={() => void refetch()}>
            {t('Try again')}
          </button>
        </p>
      ) : null}
      {data && data.length === 0 ? <p>{t('No articles in this language yet.')}</p> : null}
      <ul className={styles.cards} data-testid="blog-cards">
        {articles.map((article) => (
          <li key={article.slug}>
            <article className={styles.card} data-testid="blog-card">
              <h2>
                <AppLink to={blogHref(article.slug, lang)}>{article.title}</AppLink>
              </h2>
              <p className={styles.meta}>
                <time dateTime={article.published_at}>{articleDate(article.published_at, lang)}</time> ·{' '}
                {t('{{count}} min read', { count: article.reading_minutes })}
              </p>
              <p>{article.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('Pagination')}>
          {page > 1 ? <AppLink to={blogHref(null, lang, page - 1)}>{t('Newer articles')}</AppLink> : <span />}
          <span>{t('Page {{page}} of {{pages}}', { page, pages })}</span>
          {page < pages ? <AppLink to={blogHref(null, lang, page + 1)}>{t('Older articles')}</AppLink> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
