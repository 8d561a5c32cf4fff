import { currentLocale } from './i18n';

/**
 * Dates and numbers as the UI language writes them (`zh-CN`: 2026年11月1日). English follows the
 * browser's own English (en-GB writes 1/11/2026, en-US 11/1/2026); any other browser language
 * with the English UI gets plain `en`.
 */
export function formatLocale(): string {
  const ui = currentLocale();
  if (ui !== 'en') return ui;
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser && /^en(-|$)/i.test(browser) ? browser : 'en';
}

type DateInput = string | number | Date;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * A day, e.g. `01/11/2026`, or with `{ dateStyle: 'long' }` `1 November 2026` / `2026年11月1日`.
 * `locale` only for text in a language of its own (a blog article dates itself in its language).
 */
export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = {}, locale = formatLocale()): string {
  return new Intl.DateTimeFormat(locale, options).format(toDate(value));
}

/** A day and time, `medium` date and `short` time unless told otherwise. */
export function formatDateTime(value: DateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(formatLocale(), options).format(toDate(value));
}

/** A number with the UI language's grouping and decimal marks. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(formatLocale(), options).format(value);
}
