import { COMPARISONS, LANGUAGE_PAGE_SLUGS, LANGUAGES, type LanguageCode } from './site-pages';

type Params = Record<string, string | undefined>;

export const isLanguage = (value: string | undefined): value is LanguageCode => LANGUAGES.some((lang) => lang.code === value);

/** `/:lang/:slug`: the language must be one of the six and the slug a known page. */
export const isValidLanguagePage = (params: Params) => isLanguage(params.lang) && params.slug !== undefined && LANGUAGE_PAGE_SLUGS.includes(params.slug);

/** `/:id` catch-all: only the known single-segment content pages. */
export const isValidCatchAll = (params: Params) => COMPARISONS.some((page) => page.slug === params.id);

/** `/templates/:id`, `/p/:id`, `/blog/:slug`…: opaque ids, only their shape is checked here. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
export const isPlausibleId = (value: string | undefined) => value !== undefined && ID_PATTERN.test(value);
export const isOptionalId = (value: string | undefined) => value === undefined || ID_PATTERN.test(value);
