import { useT } from '../i18n/translator';
import { Island } from '../components/Island';
import { sellerCacheKey, sellerFrom } from '../domain/seller';
import { siteLinks } from './machinery/links';
import { FormPage, formAction } from './LicenseCode';
import type { PageComponent } from './machinery/types';

interface WithdrawData {
  /** The seller's email (SELLER_EMAIL), for a withdrawal without this form; null when not configured. */
  sellerEmail: string | null;
}

/**
 * /withdraw (and /mobile/withdraw): the withdrawal function every footer links to, also the way
 * to the 30-day money-back refund (docs/PRODUCT.md, Decisions, Withdrawal). The form is the
 * WithdrawForm island; without JavaScript the page names the seller's email, since a withdrawal
 * may be sent by any clear statement.
 */
export const WithdrawPage: PageComponent = ({ locale, mobile, data }) => {
  const t = useT();
  const links = siteLinks(locale, mobile);
  const { sellerEmail } = data as WithdrawData;
  return (
    <FormPage
      id="withdraw"
      noscript={sellerEmail ? t('pages.withdraw.noscriptEmail', { email: sellerEmail }) : undefined}
      aside={
        <ul className="form-links">
          <li>
            <a href={links.querySteps}>{t('pages.withdraw.links.querySteps')}</a>
          </li>
          <li>
            <a href={`${links.agreement}#refunds`} target="_blank" rel="noopener">
              {t('pages.withdraw.links.terms')}
            </a>
          </li>
          <li>
            <a href={links.feedback}>{t('pages.withdraw.links.support')}</a>
          </li>
        </ul>
      }
    >
      <Island of="WithdrawForm" props={{ action: formAction(locale, '/withdraw', mobile) }} />
    </FormPage>
  );
};

WithdrawPage.load = async ({ c }) => {
  const seller = sellerFrom(c.env);
  const data: WithdrawData = { sellerEmail: seller.email };
  return { data, cacheKey: sellerCacheKey(seller) };
};
