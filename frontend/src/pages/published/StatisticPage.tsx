import { useTranslation } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import { errorMessage } from '../../app/error/describe-error';
import { Link, useParams } from 'react-router-dom';
import { useRequireAuth } from '../../features/auth/useAuth';
import { usePublishedQuery, useStatisticsQuery } from '../../features/canvas/api';
import styles from '../../features/canvas/canvas.module.css';
import { StatisticsView } from '../../features/canvas/StatisticsView';
import { ErrorPage } from '../../app/error/ErrorPage';

/** `/p/statistic/:id?`: one published project's statistics (owner only), or the list of them. */
export function StatisticPage() {
  const { id } = useParams();
  const { loggedIn } = useRequireAuth();
  if (loggedIn && id) return <One id={id} />;
  return <div className={styles.center}>{loggedIn && <All />}</div>;
}

function One({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useStatisticsQuery(id, { refetchOnMountOrArgChange: true });
  // the owner's published projects name this one (the statistics themselves carry no title)
  const { data: published } = usePublishedQuery();
  const title = published?.find((p) => p.public_id === id)?.title;
  // an id that is not published (or not the user's) is a page that does not exist
  if (error && 'status' in error && error.status === 404) return <ErrorPage error={error} />;
  return (
    <div className={styles.center}>
      <h1 dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid="statistic-title">
        {title ? t('Statistics: {{title}}', { title }) : t('Statistics')}
      </h1>
      <p>
        {data && (
          <>
            <a href={`/p/${id}`}>{t('Open the published page')}</a> ·{' '}
          </>
        )}
        <Link to="/p/statistic">{t('All published projects')}</Link>
      </p>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data && <StatisticsView stats={data} />}
    </div>
  );
}

function All() {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePublishedQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <h1>{t('Statistics')}</h1>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data?.length === 0 && <p className={styles.muted}>{t('Nothing published yet. Open a project and choose “Publish”.')}</p>}
      {data && data.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('Project')}</th>
              <th>{t('Views')}</th>
              <th>{t('Visitors')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.public_id}>
                <td>
                  <Link to={`/p/statistic/${p.public_id}`}>{p.title}</Link>
                </td>
                <td>{formatNumber(p.views)}</td>
                <td>{formatNumber(p.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
