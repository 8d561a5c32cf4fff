import { createBrowserRouter } from 'react-router-dom';
import { registerPrefetchRoutes } from './prefetch/prefetch';
import { routes } from './routes/routes';

registerPrefetchRoutes(routes);

export const router = createBrowserRouter(routes, { basename: '/' });
