import type { DesktopTier, LicensePlan, Product } from '@visualnotes/contracts';
import { useState } from 'react';
import { AUTH_TOKEN_STORAGE_KEY } from '../../app/constants';
import { errorMessage, useCheckoutMutation, useGetPlansQuery } from '../../features/license/api';
import { PricingCardsDesktop, PricingCardsMobile, type Period } from './PricingCards';
import styles from './PricingPage.module.css';

export function PricingPage() {
  const { data, error, isLoading } = useGetPlansQuery();
  const [period, setPeriod] = useState<Period>('yearly');
  const [checkout, { isLoading: busy, error: buyError }] = useCheckoutMutation();

  async function buy(product: Product, tier: DesktopTier | undefined, billing: LicensePlan) {
    if (!localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)) {
      window.location.assign('/account/login');
      return;
    }
    const res = await checkout({ product, tier, billing });
    if ('data' in res && res.data) window.location.assign(res.data.url);
  }

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Plans and pricing</h1>
      <p className={styles.lead}>Think, create and publish on a canvas. Start free, upgrade when you need more.</p>
      {data && (
        <div className={styles.badges}>
          <span className={styles.badge} data-testid="money-back">
            {data.money_back_days}-day money-back guarantee
          </span>
          {data.early_bird.active && (
            <span className={styles.badge} data-testid="early-bird">
              {data.early_bird.label}: {data.early_bird.percent}% off
            </span>
          )}
        </div>
      )}
      <div className={styles.toggle} role="group" aria-label="Billing period">
        {(['monthly', 'yearly', 'lifetime'] as const).map((p) => (
          <button key={p} type="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {p === 'monthly' ? 'Monthly' : p === 'yearly' ? 'Yearly' : 'Lifetime'}
          </button>
        ))}
      </div>
      {isLoading && <p className={styles.lead}>Loading plans…</p>}
      {error && <p className={styles.error}>{errorMessage(error)}</p>}
      {buyError && <p className={styles.error}>{errorMessage(buyError)}</p>}
      {data && (
        <>
          <PricingCardsDesktop view={data} period={period} checkout={data.checkout} busy={busy} onBuy={buy} />
          <PricingCardsMobile view={data} period={period} checkout={data.checkout} busy={busy} onBuy={buy} />
        </>
      )}
    </main>
  );
}
