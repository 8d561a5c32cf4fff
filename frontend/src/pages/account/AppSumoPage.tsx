import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { loadSchemas } from '../../features/forms/schemas';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { NeedLogin } from '../../features/auth/NeedLogin';
import { msg } from '../../i18n/msg';
import { useAuth } from '../../features/auth/useAuth';
import { useRedeemCodeMutation } from '../../features/license/api';
import { Button } from '../../components/Button/Button';
import styles from '../../features/license/license.module.css';

/** Shown once a code is redeemed: it loads then, not with the sign-in pages this page ships with. */
const LicensePanel = lazy(() => import('../../features/license/LicensePanel').then((m) => ({ default: m.LicensePanel })));

/** `/account/appsumo`: redeem a deal-site code for a lifetime license. */
export function AppSumoPage() {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAuth();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [redeem, { data, error, isLoading }] = useRedeemCodeMutation();
  // busy from the click on, before the checks wait for the schemas: a double click redeems once
  const [checking, setChecking] = useState(false);
  const busy = checking || isLoading;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setChecking(true);
    setLocalError(null);
    try {
      const schemas = await loadSchemas().catch((err: Error) => void setLocalError(err.message));
      if (!schemas) return;
      const parsed = schemas.redeemCodeSchema.safeParse({ code });
      if (!parsed.success) return setLocalError(parsed.error.issues[0]?.message ?? 'Invalid request');
      await redeem({ code: parsed.data.code });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: '32px 16px' }}>
      <section className={styles.section}>
        <h1>{t('Redeem your AppSumo code')}</h1>
        <p>{t('Enter the code you received from the deal site to get a lifetime Desktop Pro license.')}</p>
        {/* a buyer coming from the deal site needs an account first; both links come back here */}
        {ready && !loggedIn && <NeedLogin className={styles.notice} purpose={msg('to redeem your code.')} />}
        <form className={styles.form} onSubmit={submit} noValidate>
          <input value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('Your code')} aria-label={t('Code')} autoComplete="off" />
          <Button type="submit" variant="primary" size="lg" busy={busy}>
            {t('Redeem')}
          </Button>
        </form>
        {(localError || error) && (
          <p className={styles.error} role="alert">
            {t(localError ?? errorMessage(error) ?? '')}
          </p>
        )}
        {data && (
          <>
            <p className={styles.success} role="status">
              {t('Your lifetime license is ready.')}
            </p>
            <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
              <LicensePanel license={data} />
            </Suspense>
          </>
        )}
      </section>
    </div>
  );
}
