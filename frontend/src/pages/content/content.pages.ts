export { ContentPage } from './ContentPage';
