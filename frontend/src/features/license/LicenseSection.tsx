import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { useState } from 'react';
import { useGetLicensesQuery } from './api';
import { UpgradePrompt } from '../../components/UpgradePrompt/UpgradePrompt';
import { ActivateForm } from './ActivateForm';
import { LicenseCards } from './LicenseCards';
import { LicensePanel } from './LicensePanel';
import styles from './license.module.css';

/** Account area, License section: the license cards, the selected license's panel, activation by key. */
export function LicenseSection() {
  const { t } = useTranslation();
  const { data: licenses, error, isLoading } = useGetLicensesQuery();
  const [selected, setSelected] = useState<string | undefined>();
  const current = licenses?.find((l) => l.id === selected) ?? licenses?.[0];
  return (
    <section className={styles.section} id="license" aria-labelledby="license-title" data-testid="license-section">
      <h2 id="license-title">{t('License')}</h2>
      {isLoading && <p className={styles.muted}>{t('Loading licenses…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {licenses && licenses.length === 0 && <UpgradePrompt reason="general" />}
      {licenses && licenses.length > 0 && <LicenseCards licenses={licenses} selected={current?.id} onSelect={setSelected} />}
      {current && <LicensePanel license={current} />}
      <h3>{t('Activate a device')}</h3>
      <ActivateForm />
    </section>
  );
}
