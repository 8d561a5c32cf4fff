import { useSyncExternalStore } from 'react';
import { DEFAULT_UI_LOCALE, isUiLocale, UI_LOCALE_STORAGE_KEY, UI_LOCALES, type UiLocaleCode } from '@visualnotes/contracts/site/locales';
import en from './en';
import { readStored, writeStored } from '../app/browser-storage';

/**
 * UI languages: `en` (default) and `zh-CN`. No URL prefix and no browser language
 * detection: the language is the one the visitor picked, remembered in local storage and in a
 * cookie the server reads.
 *
 * English costs nothing at start: its texts are the keys themselves (plus the plain object in
 * en.ts), filled in by a few lines below. i18next and the other language's texts are loaded only
 * when a visitor picks (or had picked) another language, so English visitors download neither.
 */
export { UI_LOCALES, type UiLocaleCode };

type Vars = Record<string, unknown>;
export type TFunction = (key: string, vars?: Vars) => string;

interface I18nState {
  language: UiLocaleCode;
  t: TFunction;
}

const loaders: Record<Exclude<UiLocaleCode, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': () => import('./zh-CN'),
};

const COOKIE_NAME = UI_LOCALE_STORAGE_KEY.replace(/[^A-Za-z0-9_-]/g, '_');
const ONE_YEAR_S = 365 * 24 * 3600;

/** `{{name}}` placeholders, as i18next writes them. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const english: TFunction = (key, vars) => interpolate(en[key] || key, vars);

let state: I18nState = { language: 'en', t: english };
const listeners = new Set<() => void>();

function setState(next: I18nState) {
  state = next;
  document.documentElement.lang = next.language;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function storedLocale(): UiLocaleCode {
  const value = readStored('local', UI_LOCALE_STORAGE_KEY);
  return isUiLocale(value) ? value : DEFAULT_UI_LOCALE;
}

function remember(code: UiLocaleCode) {
  // Private mode without storage: the choice lasts for this page only.
  writeStored('local', UI_LOCALE_STORAGE_KEY, code);
  document.cookie = `${COOKIE_NAME}=${code}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}

const translators = new Map<UiLocaleCode, Promise<TFunction>>([['en', Promise.resolve(english)]]);

/** i18next with English and the chosen language's texts (missing translations show English). */
async function loadTranslator(code: Exclude<UiLocaleCode, 'en'>): Promise<TFunction> {
  const [{ default: i18next }, { default: bundle }] = await Promise.all([import('i18next'), loaders[code]()]);
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: en }, [code]: { translation: bundle } },
    lng: code,
    fallbackLng: 'en',
    // Keys are the English texts themselves: a missing translation shows English.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return (key, vars) => instance.t(key, vars ?? {}) as string;
}

function translator(code: UiLocaleCode): Promise<TFunction> {
  let pending = translators.get(code);
  if (!pending) {
    pending = loadTranslator(code as Exclude<UiLocaleCode, 'en'>);
    pending.catch(() => translators.delete(code));
    translators.set(code, pending);
  }
  return pending;
}

/** Starts in the remembered language; resolves once its texts are there (at once for English). */
export async function initI18n(): Promise<void> {
  const lng = storedLocale();
  if (lng === 'en') {
    document.documentElement.lang = 'en';
    return;
  }
  try {
    await changeLocale(lng, false);
  } catch {
    // The language could not load (offline?): English until the visitor picks again.
    document.documentElement.lang = 'en';
  }
}

export async function changeLocale(code: UiLocaleCode, persist = true) {
  const t = await translator(code);
  setState({ language: code, t });
  if (persist) remember(code);
}

/** The current UI language and its translate function; re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { language: UiLocaleCode } } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { t: current.t, i18n: { language: current.language } };
}

export const currentLocale = () => state.language;
