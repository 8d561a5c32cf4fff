/** A locale: a code, an iso code, an optional text direction and an optional domain. */
export interface Locale {
  code: string;
  iso: string;
  name: string;
  dir?: 'ltr' | 'rtl';
  domain?: string;
}

/** UI languages: default `en`, no URL prefix, no browser language detection. */
export const UI_LOCALES = [
  { code: 'en', iso: 'en-US', name: 'English', dir: 'ltr' },
  { code: 'zh-CN', iso: 'zh-CN', name: '简体中文', dir: 'ltr' },
] as const satisfies readonly Locale[];
export type UiLocaleCode = (typeof UI_LOCALES)[number]['code'];
export const DEFAULT_UI_LOCALE: UiLocaleCode = 'en';
/** Where the chosen UI language is remembered (local storage and a cookie the server can read). */
export const UI_LOCALE_STORAGE_KEY = 'vn:locale';

/** Languages with their own landing page at `/<code>` and pages at `/<code>/<slug>`. */
export const LANDING_LOCALES = [
  { code: 'de', iso: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', iso: 'es-ES', name: 'Español', dir: 'ltr' },
  { code: 'fr', iso: 'fr-FR', name: 'Français', dir: 'ltr' },
  { code: 'ja', iso: 'ja-JP', name: '日本語', dir: 'ltr' },
  { code: 'ko', iso: 'ko-KR', name: '한국어', dir: 'ltr' },
  { code: 'pt', iso: 'pt-BR', name: 'Português', dir: 'ltr' },
] as const satisfies readonly Locale[];
export type LandingLocaleCode = (typeof LANDING_LOCALES)[number]['code'];

export const isUiLocale = (value: unknown): value is UiLocaleCode => UI_LOCALES.some((l) => l.code === value);
export const isLandingLocale = (value: unknown): value is LandingLocaleCode => LANDING_LOCALES.some((l) => l.code === value);
