import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import type { DesktopTier, LicensePlan, Product } from '@visualnotes/contracts';
import { useState } from 'react';
import { hasSession } from '../../app/api/tokens';
import { useCheckoutMutation, useGetPlansQuery } from '../../features/license/api';
import { PricingCardsDesktop, PricingCardsMobile, type Period } from './PricingCards';
import styles from './PricingPage.module.css';

export function PricingPage() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGetPlansQuery();
  const [period, setPeriod] = useState<Period>('yearly');
  const [checkout, { isLoading: busy, error: buyError }] = useCheckoutMutation();

  async function buy(product: Product, tier: DesktopTier | undefined, billing: LicensePlan) {
    if (!hasSession()) {
      window.location.assign('/account/login');
      return;
    }
    const res = await checkout({ product, tier, billing });
    if ('data' in res && res.data) window.location.assign(res.data.url);
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Plans and pricing')}</h1>
      <p className={styles.lead}>{t('Think, create and publish on a canvas. Start free, upgrade when you need more.')}</p>
      {data && (
        <div className={styles.badges}>
          <span className={styles.badge} data-testid="money-back">
            {t('{{days}}-day money-back guarantee', { days: data.money_back_days })}
          </span>
          {data.early_bird.active && (
            <span className={styles.badge} data-testid="early-bird">
              {t(data.early_bird.label)}: {t('{{percent}}% off', { percent: data.early_bird.percent })}
            </span>
          )}
        </div>
      )}
      <div className={styles.toggle} role="group" aria-label={t('Billing period')}>
        {(['monthly', 'yearly', 'lifetime'] as const).map((p) => (
          <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {p === 'monthly' ? t('Monthly') : p === 'yearly' ? t('Yearly') : t('Lifetime')}
          </button>
        ))}
      </div>
      {isLoading && <p className={styles.lead}>{t('Loading plans…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {buyError && <p className={styles.error}>{t(errorMessage(buyError) ?? '')}</p>}
      {data && (
        <>
          <PricingCardsDesktop view={data} period={period} checkout={data.checkout} busy={busy} onBuy={buy} />
          <PricingCardsMobile view={data} period={period} checkout={data.checkout} busy={busy} onBuy={buy} />
        </>
      )}
    </div>
  );
}
