import { useT } from '../i18n/translator';
import type { CheckoutResultProps } from '../../client/islands/CheckoutResult';
import { resultTargetOf } from '../domain/checkout';
import { localizePath, type Locale } from '../domain/locales';
import { taxRuleFor, taxRuleKey, type TaxRule } from '../domain/tax';
import { Island } from '../components/Island';
import { PageHeader } from '../components/PageHeader';
import { UnknownPlan } from './Checkout';
import { siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';

/** The island's props: where its buttons lead in this locale, and what the visitor's prices include. The order comes from the URL, in the browser. */
export function resultProps(locale: Locale, mobile: boolean, tax: TaxRule): CheckoutResultProps {
  const links = siteLinks(locale);
  return { paths: { checkout: links.checkout, feedback: links.feedback, licenseCode: links.licenseCode, withdraw: links.withdraw }, downloadHref: links.download, mobile, tax };
}

/** The query keys that name an order; a result URL with none of them names no order at all. */
const ORDER_KEYS = ['order_id', 'pay_type', 'product_id', 'reason'] as const;
const NO_ORDER = 'no-order';

/** /checkout/result with no order in its address: nothing to poll, so the ways to a code or an order. */
function NoOrder({ locale }: { locale: Locale }) {
  const t = useT();
  const links = siteLinks(locale);
  return (
    <section className="checkout-no-order" aria-labelledby="checkout-no-order-heading" data-checkout="no-order">
      <h2 id="checkout-no-order-heading">{t('checkout.noOrder.heading')}</h2>
      <p>{t('checkout.noOrder.text')}</p>
      <ul>
        <li>
          <a href={links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
        </li>
        <li>
          <a href={links.querySteps}>{t('checkout.noOrder.findOrder')}</a>
        </li>
        <li>
          <a href={links.checkout}>{t('checkout.noOrder.choose')}</a>
        </li>
      </ul>
    </section>
  );
}

/**
 * /checkout/result?order_id=…&pay_type=…&product_id=…: where every payment lands (and Stripe's
 * return URL). The server only checks that the URL names an order (else 404); the island reads
 * the order from the URL and polls the upstream order query. So the HTML names no order, and one
 * cached rendering (per locale, variant and campaign keys) serves every buyer: the route's
 * `clientQuery` leaves the order's keys out of the page cache key.
 */
export const CheckoutResultPage: PageComponent = ({ locale, mobile, query, data }) => {
  const t = useT();
  const tax = (data as { tax?: TaxRule } | undefined)?.tax ?? { kind: 'final' };
  const props = resultTargetOf(query) ? resultProps(locale, mobile, tax) : null;
  const links = siteLinks(locale);
  return (
    <div className="container page checkout-page checkout-result-page" data-page="checkout-result">
      {data === NO_ORDER ? (
        // The introduction speaks of a payment being checked: there is none here.
        <header className="page-header">
          <h1>{t('pages.checkout-result.heading')}</h1>
        </header>
      ) : (
        <PageHeader id="checkout-result" />
      )}
      {data === NO_ORDER ? (
        <NoOrder locale={locale} />
      ) : props ? (
        <>
          {/* Before the status: without JavaScript the status below never changes, so what to do instead is read first. */}
          <noscript>
            <p className="form-noscript">{t('checkout.noscript.result')}</p>
            <p>
              <a href={links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
            </p>
          </noscript>
          <Island of="CheckoutResult" props={props} />
        </>
      ) : (
        <UnknownPlan buyHref={localizePath(locale, '/buy')} />
      )}
    </div>
  );
};
CheckoutResultPage.load = async ({ c, query }) => {
  c.header('Cache-Control', 'private, no-store');
  // The order's total is shown with what it includes: the visitor's tax rule, not the country, keys the page.
  if (resultTargetOf(query)) {
    const tax = taxRuleFor(c.get('geo').country);
    return { data: { tax }, cacheKey: `tax=${taxRuleKey(tax)}` };
  }
  // The plain address (a bookmark, history, the page's own canonical and language links): a page
  // that says there is nothing to show and where to go, cached apart from the order's page.
  if (!ORDER_KEYS.some((key) => query.has(key))) return { data: NO_ORDER, cacheKey: NO_ORDER };
  // A malformed or partial order: the 404, rendered fresh, so made-up queries do not fill the cache.
  c.status(404);
  return {};
};
