import type { PageRoute } from './types';
import { ErrorPage } from '../ErrorPage';

/** The error page: not in the route table (it has no URL of its own), rendered by the error handler. */
export function errorRoute(status: number): PageRoute {
  return {
    id: 'error',
    path: '/',
    page: ({ locale }) => <ErrorPage locale={locale} status={status} />,
    localized: true,
    mobile: false,
    agentRedirect: false,
    indexable: false,
    status,
    // Errors are rare and their page must not depend on anything that could have failed.
    cache: false,
  };
}
