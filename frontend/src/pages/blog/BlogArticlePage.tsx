import { useTranslation } from '../../i18n/i18n';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { ErrorPage } from '../../app/error/ErrorPage';
import { useBlogArticleQuery } from '../../features/blog/api';
import styles from '../info/Prose.module.css';
import { blogHref, articleDate, LANGUAGE_NAMES, useBlogLang } from './blog-lang';

export function BlogArticlePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const lang = useBlogLang();
  const { data: article, error, isLoading } = useBlogArticleQuery({ slug, lang });
  useDocumentTitle(article?.title ?? t('Blog'));

  if (error) return <ErrorPage error={error} />;
  if (isLoading || !article) return <div className="page-loading" aria-busy="true" />;

  return (
    <article className={styles.page} lang={article.lang}>
      <p>
        <AppLink to={blogHref(null, lang)}>← {t('All articles')}</AppLink>
      </p>
      <h1>{article.title}</h1>
      <p className={styles.meta}>
        {article.author} · <time dateTime={article.published_at}>{articleDate(article.published_at, article.lang)}</time> ·{' '}
        {t('{{count}} min read', { count: article.reading_minutes })}
      </p>
      {article.translations.length > 1 ? (
        <nav aria-label={t('Read in another language')}>
          <ul className={styles.languages}>
            {article.translations.map((l) => (
              <li key={l}>
                {l === article.lang ? (
                  <strong aria-current="page">{LANGUAGE_NAMES[l]}</strong>
                ) : (
                  <AppLink to={blogHref(article.slug, l)} hrefLang={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </AppLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {/* Rendered from the repository's Markdown and sanitised by the server. */}
      <div data-testid="article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
      {article.tags.length ? (
        <ul className={styles.tags} aria-label={t('Tags')}>
          {article.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
