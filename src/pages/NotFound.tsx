import { ErrorPage } from './ErrorPage';
import type { PageProps } from './machinery/types';

/** The 404 page: the message 'This page could not be found' and a link back home. */
export function NotFoundPage({ locale }: PageProps) {
  return <ErrorPage locale={locale} status={404} id="404" />;
}
