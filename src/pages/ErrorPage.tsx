import { useT } from '../i18n/translator';
import { siteLinks } from './machinery/links';
import type { Locale } from '../domain/locales';

/** SPEC §8: the error message (default 'Error'), its status (default 500), never a stack. */
export function ErrorPage({ locale, status }: { locale: Locale; status: number }) {
  const t = useT();
  return (
    <div className="container page error-page" data-page="error">
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1>{t('pages.error.heading')}</h1>
      <p className="lead">{t('pages.error.intro')}</p>
      <p>
        <a className="button button-primary" href={siteLinks(locale).home}>
          {t('pages.404.home')}
        </a>
      </p>
    </div>
  );
}
