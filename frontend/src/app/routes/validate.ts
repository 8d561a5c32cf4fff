import { data, type LoaderFunctionArgs } from 'react-router-dom';

type Params = LoaderFunctionArgs['params'];

/**
 * A route loader that runs the validity check before the page chunk loads; a failed check is a
 * 404 route error, rendered by the error boundary like an unknown route.
 */
export const validRoute =
  (check: (params: Params) => boolean) =>
  ({ params }: LoaderFunctionArgs) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to end a loader with a 404
    if (!check(params)) throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
