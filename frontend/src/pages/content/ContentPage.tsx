import { useTranslation } from '../../i18n/i18n';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { PRODUCT_NAME } from '../../app/constants';
import styles from '../info/Prose.module.css';
import { COMPARISON_CONTENT } from './comparisons';

/**
 * The `/:id` catch-all; its loader lets only the comparison pages through. A published project's
 * short link (`/<public id>`) is redirected to `/p/<public id>` by the server before the app loads.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const page = COMPARISON_CONTENT.find((p) => p.slug === id)!;
  useDocumentTitle(t('{{product}} vs {{rival}}', { product: PRODUCT_NAME, rival: page.rival }));
  return (
    <article className={styles.page} data-testid="comparison">
      <h1>{t('{{product}} vs {{rival}}', { product: PRODUCT_NAME, rival: page.rival })}</h1>
      <p className={styles.lead}>{page.summary}</p>
      <table>
        <caption className="visually-hidden">{t('{{product}} and {{rival}} compared', { product: PRODUCT_NAME, rival: page.rival })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Feature')}</th>
            <th scope="col">{PRODUCT_NAME}</th>
            <th scope="col">{page.rival}</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map(([feature, ours, theirs]) => (
            <tr key={feature}>
              <th scope="row">{feature}</th>
              <td>{ours}</td>
              <td>{theirs}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('Where {{rival}} shines', { rival: page.rival })}</h2>
      <ul>
        {page.rivalStrengths.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <h2>{t('Why people choose {{product}}', { product: PRODUCT_NAME })}</h2>
      <ul>
        {page.ourStrengths.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <p className={styles.meta}>
        {t('Based on each product’s public descriptions in 2025; features change, so check the own site of {{rival}} for the current details.', {
          rival: page.rival,
        })}
      </p>
      <p>
        <AppLink to="/account" className={styles.button}>
          {t('Try {{product}} free', { product: PRODUCT_NAME })}
        </AppLink>{' '}
        {t('— with a 30-day money-back guarantee on paid plans.')}
      </p>
    </article>
  );
}
