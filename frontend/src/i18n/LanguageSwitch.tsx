import { useId } from 'react';
import { isUiLocale } from '@visualnotes/contracts/site/locales';
import { changeLocale, UI_LOCALES, useTranslation } from './i18n';

/** The UI language picker (footer); the choice is remembered across visits. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id}>{t('Language')}</label>{' '}
      <select
        id={id}
        data-testid="language-switch"
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          if (isUiLocale(code)) void changeLocale(code);
        }}
      >
        {UI_LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.iso}>
            {locale.name}
          </option>
        ))}
      </select>
    </span>
  );
}
