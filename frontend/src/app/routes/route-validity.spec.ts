import { isLanguage, isOptionalId, isPlausibleId, isValidCatchAll, isValidLanguagePage } from './route-validity';
import { TOOLS } from './tools';

describe('route validity', () => {
  it('accepts only the six landing-page languages', () => {
    for (const code of ['de', 'es', 'fr', 'ja', 'ko', 'pt']) expect(isLanguage(code)).toBe(true);
    for (const code of ['xx', 'en', 'DE', '', undefined]) expect(isLanguage(code)).toBe(false);
  });

  it('accepts a language page only for a known language and slug', () => {
    expect(isValidLanguagePage({ lang: 'de', slug: 'youtube-summarizer' })).toBe(true);
    expect(isValidLanguagePage({ lang: 'ja', slug: 'pricing' })).toBe(true);
    expect(isValidLanguagePage({ lang: 'xx', slug: 'yy' })).toBe(false);
    expect(isValidLanguagePage({ lang: 'xx', slug: 'pricing' })).toBe(false);
    expect(isValidLanguagePage({ lang: 'de', slug: 'no-such-page' })).toBe(false);
    expect(isValidLanguagePage({ lang: 'tools', slug: 'unknown-tool' })).toBe(false);
  });

  it('accepts only known pages on the catch-all', () => {
    expect(isValidCatchAll({ id: 'miro-alternative' })).toBe(true);
    expect(isValidCatchAll({ id: 'whatever' })).toBe(false);
    expect(isValidCatchAll({})).toBe(false);
  });

  it('checks id shapes', () => {
    expect(isPlausibleId('abc_DEF-123')).toBe(true);
    expect(isPlausibleId('a b')).toBe(false);
    expect(isPlausibleId(undefined)).toBe(false);
    expect(isOptionalId(undefined)).toBe(true);
    expect(isOptionalId('x'.repeat(129))).toBe(false);
  });

  it('lists twelve tools with unique slugs', () => {
    expect(TOOLS).toHaveLength(12);
    expect(new Set(TOOLS.map((t) => t.slug)).size).toBe(12);
  });
});
