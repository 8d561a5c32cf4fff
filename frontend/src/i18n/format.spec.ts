/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { formatDate, formatDateTime, formatLocale, formatNumber } from './format';
import { changeLocale } from './i18n';

const day = '2026-11-01T10:05:00Z';
const utc = { timeZone: 'UTC' } as const;

afterEach(() => changeLocale('en', false));

const setBrowserLanguage = (language: string) => jest.spyOn(navigator, 'language', 'get').mockReturnValue(language);

afterEach(() => jest.restoreAllMocks());

describe('the English UI', () => {
  it("writes the browser's own English", () => {
    setBrowserLanguage('en-GB');
    expect(formatLocale()).toBe('en-GB');
    expect(formatDate(day, { ...utc, dateStyle: 'long' })).toBe('1 November 2026');
    setBrowserLanguage('en-US');
    expect(formatDate(day, { ...utc, dateStyle: 'long' })).toBe('November 1, 2026');
  });

  it('writes plain English when the browser speaks another language', () => {
    setBrowserLanguage('de-DE');
    expect(formatLocale()).toBe('en');
    expect(formatDate(day, utc)).toBe('11/1/2026');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
  });
});

describe('the Chinese UI', () => {
  beforeEach(() => changeLocale('zh-CN', false));

  it('writes Chinese dates whatever the browser speaks', () => {
    setBrowserLanguage('en-GB');
    expect(formatLocale()).toBe('zh-CN');
    expect(formatDate(day, { ...utc, dateStyle: 'long' })).toBe('2026年11月1日');
    expect(formatDate(day, utc)).toBe('2026/11/1');
    expect(formatDateTime(day, { ...utc, dateStyle: 'medium', timeStyle: 'short' })).toBe('2026年11月1日 10:05');
  });

  it('groups numbers the Chinese way', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(0.25, { style: 'percent' })).toBe('25%');
  });

  it('follows a change of language at once', async () => {
    await changeLocale('en', false);
    setBrowserLanguage('en-US');
    expect(formatDate(day, { ...utc, dateStyle: 'long' })).toBe('November 1, 2026');
  });
});

it('takes dates as ISO text, epoch milliseconds or Date', () => {
  setBrowserLanguage('en-GB');
  const ms = Date.parse(day);
  expect(formatDate(ms, utc)).toBe(formatDate(new Date(ms), utc));
  expect(formatDate(day, utc)).toBe('01/11/2026');
});
