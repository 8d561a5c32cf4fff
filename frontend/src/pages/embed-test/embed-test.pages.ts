export { EmbedTestPage } from './EmbedTestPage';
