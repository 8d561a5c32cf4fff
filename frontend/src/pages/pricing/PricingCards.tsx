import { useTranslation } from '../../i18n/i18n';
import type { DesktopTier, LicensePlan, PlansView, PlanView, Product } from '@visualnotes/contracts';
import { useState } from 'react';
import { Button, buttonClass } from '../../components/Button/Button';
import styles from './PricingPage.module.css';
import { msg } from '../../i18n/msg';
import { hasSession } from '../../app/api/tokens';

export type Period = 'monthly' | 'yearly' | 'lifetime';

interface CardProps {
  plan: PlanView;
  currency: string;
  period: Period;
  checkout: boolean;
  busy: boolean;
  onBuy: (product: Product, tier: DesktopTier | undefined, billing: LicensePlan) => void;
}

const PER: Record<Period, string> = { monthly: msg('/ month'), yearly: msg('/ year'), lifetime: msg('once') };

function money(currency: string, amount: number) {
  return `${currency}${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** One plan: price for the chosen period (the Desktop Pro card also picks its device tier). */
export function PricingCard({ plan, currency, period, checkout, busy, onBuy }: CardProps) {
  const { t } = useTranslation();
  const [tier, setTier] = useState<DesktopTier>('pro');
  const tierView = plan.tiers?.find((item) => item.id === tier);
  const prices = tierView?.prices ?? plan.prices;
  // Premium and Publisher are subscriptions: with the lifetime toggle they show their yearly price, said in words
  const shown: LicensePlan = prices?.[period] ? period : 'yearly';
  const price = prices?.[shown];
  const subscriptionOnly = Boolean(prices) && shown !== period;
  return (
    <article className={`${styles.card} ${plan.id === 'premium' ? styles.featured : ''}`} data-testid={`plan-${plan.id}`}>
      <h2>{t(plan.name)}</h2>
      <div className={styles.note}>{t(plan.description)}</div>
      {plan.tiers && (
        <div className={styles.tierSelect} role="group" aria-label={t('Devices')}>
          {plan.tiers.map((item) => (
            <button key={item.id} type="button" aria-pressed={item.id === tier} onClick={() => setTier(item.id)}>
              {item.name} · {t('{{count}} devices', { count: item.max_devices })}
            </button>
          ))}
        </div>
      )}
      <div className={styles.price} data-testid="price">
        {price ? (
          <>
            {price.regular !== undefined && <span className={styles.regular}>{money(currency, price.regular)}</span>}
            {money(currency, price.amount)} <span className={styles.per}>{subscriptionOnly ? t('a year · no lifetime plan') : t(PER[shown])}</span>
          </>
        ) : (
          <>
            {money(currency, 0)} <span className={styles.per}>{t('forever')}</span>
          </>
        )}
      </div>
      <ul className={styles.features}>
        {plan.features.map((f) => (
          <li key={f}>{t(f)}</li>
        ))}
      </ul>
      {plan.id === 'free' ? (
        <a className={buttonClass('primary', 'lg')} href="/account">
          {/* someone signed in already has the free plan */}
          {hasSession() ? t('Your account') : t('Start for free')}
        </a>
      ) : checkout ? (
        <Button variant="primary" size="lg" busy={busy} onClick={() => onBuy(plan.id as Product, plan.tiers ? tier : undefined, shown)}>
          {t('Buy {{plan}}', { plan: t(plan.name) })}
        </Button>
      ) : (
        <p className={styles.howToBuy} data-testid="how-to-buy">
          <strong>{t('How to buy {{plan}}', { plan: t(plan.name) })}</strong>
          {t(
            'Online payment is not set up on this site. Ask its operator for a license: they issue it to the e-mail address of your account, and it appears on your Account page under License.',
          )}
        </p>
      )}
    </article>
  );
}

interface CardsProps extends Omit<CardProps, 'plan' | 'currency'> {
  view: PlansView;
}

/** Desktop layout: all plans side by side. */
export function PricingCardsDesktop({ view, ...rest }: CardsProps) {
  return (
    <div className={styles.desktop} data-testid="pricing-cards-desktop">
      {view.plans.map((p) => (
        <PricingCard key={p.id} plan={p} currency={view.currency} {...rest} />
      ))}
    </div>
  );
}

/** Mobile layout: one plan at a time, chosen with tabs (Premium first shown). */
export function PricingCardsMobile({ view, ...rest }: CardsProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<PlanView['id']>('premium');
  const plan = view.plans.find((p) => p.id === selected) ?? view.plans[0];
  return (
    <div className={styles.mobile} data-testid="pricing-cards-mobile">
      <div className={styles.tabs} role="tablist">
        {view.plans.map((p) => (
          <button key={p.id} type="button" role="tab" aria-selected={p.id === plan.id} onClick={() => setSelected(p.id)}>
            {t(p.name)}
          </button>
        ))}
      </div>
      <PricingCard plan={plan} currency={view.currency} {...rest} />
    </div>
  );
}
