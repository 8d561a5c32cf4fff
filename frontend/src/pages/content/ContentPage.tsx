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
  const { id } = useParams();
  const page = COMPARISON_CONTENT.find((p) => p.slug === id)!;
  useDocumentTitle(`${PRODUCT_NAME} vs ${page.rival}`);
  return (
    <article className={styles.page} data-testid="comparison">
      <h1>
        {PRODUCT_NAME} vs {page.rival}
      </h1>
      <p className={styles.lead}>{page.summary}</p>
      <table>
        <caption className="visually-hidden">
          {PRODUCT_NAME} and {page.rival} compared
        </caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
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
      <h2>Where {page.rival} shines</h2>
      <ul>
        {page.rivalStrengths.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <h2>Why people choose {PRODUCT_NAME}</h2>
      <ul>
        {page.ourStrengths.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <p className={styles.meta}>
        Based on each product’s public descriptions in 2025; features change, so check {page.rival}’s own site for the current details.
      </p>
      <p>
        <AppLink to="/account" className={styles.button}>
          Try {PRODUCT_NAME} free
        </AppLink>{' '}
        — with a 30-day money-back guarantee on paid plans.
      </p>
    </article>
  );
}
