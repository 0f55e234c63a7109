import { useT } from '../i18n/translator';
import { Island } from '../components/Island';
import { legalHref, siteLinks } from './machinery/links';
import { FormPage, formAction } from './LicenseCode';
import type { PageComponent } from './machinery/types';

interface DoNotSellData {
  /** The request carried `Sec-GPC: 1`. */
  gpc: boolean;
}

/** /do-not-sell-my-info: the opt-out request form; a Global Privacy Control signal is honoured. */
export const DoNotSellPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const links = siteLinks(locale);
  const { gpc } = data as DoNotSellData;
  return (
    <FormPage
      id="do-not-sell-my-info"
      aside={
        <ul className="form-links">
          <li>
            <a href={legalHref('privacy', links.legalLang)} target="_blank" rel="noopener">
              {t('pages.do-not-sell-my-info.links.privacy')}
            </a>
          </li>
          <li>
            <a href={links.feedback}>{t('pages.do-not-sell-my-info.links.support')}</a>
          </li>
        </ul>
      }
    >
      <Island of="DoNotSellForm" props={{ action: formAction(locale, '/do-not-sell-my-info', false), gpc }} />
    </FormPage>
  );
};

// Sec-GPC: 1 is the header form of navigator.globalPrivacyControl (the island checks that one). The
// page reads it here, so the two answers (with and without the signal) are cached apart.
DoNotSellPage.load = async ({ c }) => {
  const gpc = c.req.header('sec-gpc')?.trim() === '1';
  const data: DoNotSellData = { gpc };
  return { data, cacheKey: `gpc=${gpc ? 1 : 0}` };
};
