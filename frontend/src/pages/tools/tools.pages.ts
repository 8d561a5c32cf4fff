export { ToolPage } from './ToolPage';
