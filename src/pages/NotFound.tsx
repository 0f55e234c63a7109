import { useT } from '../i18n/translator';
import { siteLinks } from './machinery/links';
import type { PageProps } from './machinery/types';

/** SPEC §2: the message 'This page could not be found' and a link back home. */
export function NotFoundPage({ locale }: PageProps) {
  const t = useT();
  return (
    <div className="container page error-page" data-page="404">
      <p className="error-status" aria-hidden="true">
        404
      </p>
      <h1>{t('pages.404.heading')}</h1>
      <p className="lead">{t('pages.404.intro')}</p>
      <p>
        <a className="button button-primary" href={siteLinks(locale).home}>
          {t('pages.404.home')}
        </a>
      </p>
    </div>
  );
}
