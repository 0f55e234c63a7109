import type { Context } from 'hono';
import { useRequestContext } from '@hono/react-renderer';
import { useT } from '../../client/lib/i18n';
import DoNotSellForm from '../../client/islands/DoNotSellForm';
import type { AppEnv } from '../env';
import { Island } from '../components/Island';
import { legalHref, siteLinks } from './links';
import { FormPage, formAction } from './LicenseCode';
import type { PageComponent } from './types';

/** /do-not-sell-my-info: the opt-out request form; a Global Privacy Control signal is honoured. */
export const DoNotSellPage: PageComponent = ({ locale }) => {
  const t = useT();
  const c = useRequestContext() as Context<AppEnv>;
  const links = siteLinks(locale);
  // Sec-GPC: 1 is the header form of navigator.globalPrivacyControl (the island checks that one).
  const gpc = c.req.header('sec-gpc')?.trim() === '1';
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
      <Island name="DoNotSellForm" component={DoNotSellForm} props={{ action: formAction(locale, '/do-not-sell-my-info', false), gpc }} />
    </FormPage>
  );
};
