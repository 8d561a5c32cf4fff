export { DocumentToolPage } from './DocumentToolPage';
