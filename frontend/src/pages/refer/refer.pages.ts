export { ReferPage } from './ReferPage';
