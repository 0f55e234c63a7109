import { useT } from '../../client/lib/i18n';
import CheckoutResult, { type CheckoutResultProps } from '../../client/islands/CheckoutResult';
import { carriedQuery, checkoutAgainHref, methodOfPayType, parseDeclineReason, parseOrderId, parsePayType, parseProductId } from '../domain/checkout';
import { productKind } from '../domain/package-ids';
import { localizePath, type Locale } from '../domain/locales';
import { Island } from '../components/Island';
import { IslandStylesheet } from '../components/IslandStylesheet';
import { PageHeader } from '../components/PageHeader';
import { UnknownPlan } from './Checkout';
import { siteLinks } from './links';
import type { PageComponent } from './types';

/** The island's props from the result URL; null when the URL names no order (a 404). */
export function resultProps(locale: Locale, query: URLSearchParams, mobile: boolean): CheckoutResultProps | null {
  const orderId = parseOrderId(query.get('order_id'));
  const payType = parsePayType(query.get('pay_type'));
  const productId = parseProductId(query.get('product_id'));
  if (!orderId || !payType || !productId) return null;
  const links = siteLinks(locale);
  const carried = carriedQuery(query);
  const method = methodOfPayType(payType);
  const support = new URLSearchParams({ order_number: orderId });
  for (const [key, value] of carried) support.set(key, value);
  return {
    orderId,
    payType,
    productId,
    kind: productKind(productId) ?? 'other',
    reason: parseDeclineReason(query.get('reason')),
    links: {
      retry: checkoutAgainHref(links.checkout, productId, carried, { retry: orderId }),
      changeMethod: checkoutAgainHref(links.checkout, productId, carried, { method: method === 'stripe' ? 'paypal' : 'stripe' }),
      support: `${links.feedback}?${support}`,
      licenseCode: links.licenseCode,
    },
    downloadHref: links.download,
    mobile,
  };
}

/**
 * /checkout/result?order_id=…&pay_type=…&product_id=…: where every payment lands (and Stripe's
 * return URL). The island polls the upstream order query; the server only knows the order's id.
 */
export const CheckoutResultPage: PageComponent = ({ locale, mobile, query }) => {
  const t = useT();
  const props = resultProps(locale, query, mobile);
  const links = siteLinks(locale);
  return (
    <div className="container page checkout-page checkout-result-page" data-page="checkout-result">
      <IslandStylesheet island="CheckoutResult" />
      <PageHeader id="checkout-result" />
      {props ? (
        <>
          <Island name="CheckoutResult" component={CheckoutResult} props={props} />
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
CheckoutResultPage.load = async ({ c, locale, query, mobile }) => {
  c.header('Cache-Control', 'private, no-store');
  if (!resultProps(locale, query, mobile)) c.status(404);
  return {};
};
