export { PublishedPage } from './PublishedPage';
export { StatisticPage } from './StatisticPage';
