export { TemplatePage } from './TemplatePage';
export { TemplatesPage } from './TemplatesPage';
