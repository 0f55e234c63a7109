import type { ReactNode } from 'react';
import { useT } from '../i18n/translator';
import { localizePath, type Locale } from '../domain/locales';
import { Island } from '../components/Island';
import { PageHeader } from '../components/PageHeader';
import { siteLinks } from './machinery/links';
import { CheckList, useMessageList } from './page-parts';
import type { PageComponent } from './machinery/types';

/** The page's own URL (desktop or /mobile/, in its locale): the form's no-JS action. */
export function formAction(locale: Locale, path: string, mobile: boolean): string {
  // Same rule as route-table's mobilePath (not imported: the route table imports this page).
  return localizePath(locale, mobile ? `/mobile${path}` : path);
}

/**
 * The shell of the form pages (licence code, trial code, do-not-sell, withdrawal): heading, the
 * form island in a card, and a short "good to know" list beside it (`pages.<id>.help`); without
 * JavaScript, `noscript` (default `pages.<id>.noscript`) says what to do instead.
 */
export function FormPage({ id, children, aside, noscript }: { id: string; children: ReactNode; aside?: ReactNode; noscript?: string }) {
  const t = useT();
  const help = useMessageList(`pages.${id}.help.items`);
  return (
    <div className="container page form-page" data-page={id}>
      <PageHeader id={id} />
      <div className="form-layout">
        <section className="form-card" aria-label={t(`pages.${id}.heading`)}>
          {/* Before the form: a visitor without JavaScript learns it cannot be sent before filling it in. */}
          <noscript>
            <p className="form-noscript">{noscript ?? t(`pages.${id}.noscript`)}</p>
          </noscript>
          {children}
        </section>
        <aside className="form-aside" aria-labelledby={`${id}-help`}>
          <h2 id={`${id}-help`}>{t(`pages.${id}.help.heading`)}</h2>
          <CheckList items={help} />
          {aside}
        </aside>
      </div>
    </div>
  );
}

/** /license-code (and /mobile/license-code): have the registration code sent again. */
export const LicenseCodePage: PageComponent = ({ locale, mobile }) => {
  const t = useT();
  const links = siteLinks(locale, mobile);
  return (
    <FormPage
      id="license-code"
      aside={
        <ul className="form-links">
          <li>
            <a href={links.querySteps}>{t('pages.license-code.links.querySteps')}</a>
          </li>
          <li>
            <a href={links.feedback}>{t('pages.license-code.links.support')}</a>
          </li>
        </ul>
      }
    >
      <Island of="LicenseCodeForm" props={{ action: formAction(locale, '/license-code', mobile), queryStepsHref: links.querySteps }} />
    </FormPage>
  );
};
