import { useT } from '../i18n/translator';
import { siteLinks } from './machinery/links';
import type { Locale } from '../domain/locales';

/**
 * The body of the error and not-found pages: the status (500 unless the error said otherwise),
 * the page's heading and sentence (`pages.<id>`), a link back home, and never a stack.
 */
export function ErrorPage({ locale, status, id = 'error' }: { locale: Locale; status: number; id?: 'error' | '404' }) {
  const t = useT();
  return (
    <div className="container page error-page" data-page={id}>
      <p className="error-status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(`pages.${id}.heading`)}</h1>
      <p className="lead">{t(`pages.${id}.intro`)}</p>
      <p>
        <a className="button button-primary" href={siteLinks(locale).home}>
          {t('pages.404.home')}
        </a>
      </p>
    </div>
  );
}
