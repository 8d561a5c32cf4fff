export { MakerToolPage } from './MakerToolPage';
