import { useT } from '../i18n/translator';
import type { CheckoutResultProps } from '../../client/islands/CheckoutResult';
import { resultTargetOf } from '../domain/checkout';
import { localizePath, type Locale } from '../domain/locales';
import { Island } from '../components/Island';
import { PageHeader } from '../components/PageHeader';
import { UnknownPlan } from './Checkout';
import { siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';

/** The island's props: where its buttons lead in this locale. The order comes from the URL, in the browser. */
export function resultProps(locale: Locale, mobile: boolean): CheckoutResultProps {
  const links = siteLinks(locale);
  return { paths: { checkout: links.checkout, feedback: links.feedback, licenseCode: links.licenseCode }, downloadHref: links.download, mobile };
}

/**
 * /checkout/result?order_id=…&pay_type=…&product_id=…: where every payment lands (and Stripe's
 * return URL). The server only checks that the URL names an order (else 404); the island reads
 * the order from the URL and polls the upstream order query. So the HTML names no order, and one
 * cached rendering (per locale, variant and campaign keys) serves every buyer: the route's
 * `clientQuery` leaves the order's keys out of the page cache key.
 */
export const CheckoutResultPage: PageComponent = ({ locale, mobile, query }) => {
  const t = useT();
  const props = resultTargetOf(query) ? resultProps(locale, mobile) : null;
  const links = siteLinks(locale);
  return (
    <div className="container page checkout-page checkout-result-page" data-page="checkout-result">
      <PageHeader id="checkout-result" />
      {props ? (
        <>
          <Island of="CheckoutResult" props={props} />
          <noscript>
            <p className="form-noscript">{t('checkout.noscript.result')}</p>
            <p>
              <a href={links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
            </p>
          </noscript>
        </>
      ) : (
        <UnknownPlan buyHref={localizePath(locale, '/buy')} />
      )}
    </div>
  );
};
CheckoutResultPage.load = async ({ c, query }) => {
  c.header('Cache-Control', 'private, no-store');
  if (resultTargetOf(query)) return { cacheKey: '' };
  // Any URL can name no order: the 404 is rendered fresh, so made-up queries do not fill the cache.
  c.status(404);
  return {};
};
