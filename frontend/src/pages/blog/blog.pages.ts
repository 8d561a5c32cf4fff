export { BlogArticlePage } from './BlogArticlePage';
export { BlogListPage } from './BlogListPage';
