import { useT } from '../i18n/translator';
import { sellerCacheKey, sellerFrom } from '../domain/seller';
import { PageHeader } from '../components/PageHeader';
import { formatDate, useMessageList, Paragraphs } from './page-parts';
import { siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';

/**
 * When the statement was last reviewed against the site. Change it, and the copy under
 * `pages.accessibility`, whenever the standard, the testing or the known limitations change.
 */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-24';

interface AccessibilityData {
  /** The seller's email (SELLER_EMAIL): a way to report a problem besides the contact form; null when not configured. */
  sellerEmail: string | null;
}

const BASE = 'pages.accessibility';

/**
 * /accessibility: the accessibility statement, linked from every footer: the standard (WCAG 2.2
 * AA), how the site is tested, what is known not to meet it, and how to report a problem.
 */
export const AccessibilityPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const links = siteLinks(locale);
  const { sellerEmail } = data as AccessibilityData;
  const testing = useMessageList(`${BASE}.testing.items`);
  const limits = useMessageList(`${BASE}.limits.items`);
  return (
    <div className="container page" data-page="accessibility">
      <PageHeader id="accessibility">
        <p className="legal-updated">{t(`${BASE}.date`, { date: formatDate(ACCESSIBILITY_STATEMENT_DATE, locale) })}</p>
      </PageHeader>
      <div className="prose">
        <section aria-labelledby="accessibility-standard">
          <h2 id="accessibility-standard">{t(`${BASE}.standard.heading`)}</h2>
          <Paragraphs path={`${BASE}.standard.paragraphs`} />
        </section>
        <section aria-labelledby="accessibility-testing">
          <h2 id="accessibility-testing">{t(`${BASE}.testing.heading`)}</h2>
          <ul>
            {testing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{t(`${BASE}.testing.after`)}</p>
        </section>
        <section aria-labelledby="accessibility-limits">
          <h2 id="accessibility-limits">{t(`${BASE}.limits.heading`)}</h2>
          <ul>
            {limits.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="accessibility-report">
          <h2 id="accessibility-report">{t(`${BASE}.report.heading`)}</h2>
          <p>{t(`${BASE}.report.text`)}</p>
          <p>
            <a className="button button-primary" href={links.feedback}>
              {t(`${BASE}.report.link`)}
            </a>
          </p>
          {sellerEmail ? (
            <p data-report-email>
              {t(`${BASE}.report.email`)} <a href={`mailto:${sellerEmail}`}>{sellerEmail}</a>
            </p>
          ) : null}
          <p>{t(`${BASE}.report.reply`)}</p>
          <p>{t(`${BASE}.report.enforcement`)}</p>
        </section>
      </div>
    </div>
  );
};

AccessibilityPage.load = async ({ c }) => {
  const seller = sellerFrom(c.env);
  const data: AccessibilityData = { sellerEmail: seller.email };
  return { data, cacheKey: sellerCacheKey(seller) };
};
