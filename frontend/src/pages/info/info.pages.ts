export { ChangelogPage, PrivacyPage, RoadmapPage, TermsPage, VisionPage } from './InfoPages';
