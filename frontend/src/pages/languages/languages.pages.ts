export { LanguageLandingPage, LanguagePage } from './LanguagePages';
