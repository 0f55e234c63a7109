// The checkout's test and demo pages, all noindex: /test-checkout runs the whole
// checkout in test mode with the test cards listed; /components/Paypal shows the PayPal button
// alone; /text-checkout shows every checkout message and status in the current locale, rendered
// by the same components the checkout uses.
import { useT } from '../i18n/translator';
import { StatusView } from '../../client/components/checkout/StatusView';
import { CHECKOUT_STATUSES } from '../domain/checkout';
import { DEFAULT_MESSAGES, messagesOf } from '../services/messages';
import { mergeMessages, type Messages } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { CheckoutBody, CheckoutPageShell, loadCheckout, type CheckoutData } from './Checkout';
import { siteLinks } from './machinery/links';
import type { PageComponent, PageLoadContext } from './machinery/types';

/** The reference origin's test cards (docs/UPSTREAM.md, "Local test payment mode"). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'paid' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient' },
  { number: '4000 0000 0000 0069', outcome: 'expired' },
] as const;

const TEST_PRODUCT_ID = 81902;
const DEMO_PRODUCT_ID = 81901;

/**
 * A demo page's data step: the checkout of `productId` unless the query names another. The page
 * itself exists whatever the plan (status 200): it is the checkout inside that may be missing.
 */
async function loadDemoCheckout(ctx: PageLoadContext, productId: number) {
  const loaded = await loadCheckout(ctx, productId);
  ctx.c.status(200);
  // `production` comes from the deployment, which the page cache key names already.
  return { ...loaded, data: { ...loaded.data, production: ctx.c.env.ENVIRONMENT === 'production' } };
}

function TestModeOnly({ production }: { production: boolean }) {
  const t = useT();
  return production ? <p className="notice">{t('checkout.test.productionOnly')}</p> : null;
}

export const TestCheckoutPage: PageComponent = ({ locale, mobile, query, data }) => {
  const t = useT();
  const d = data as CheckoutData & { production: boolean };
  return (
    <CheckoutPageShell pageId="test-checkout">
      <section className="checkout-test-cards" aria-labelledby="test-cards-title">
        <h2 id="test-cards-title">{t('checkout.test.cardsHeading')}</h2>
        <p>{t('checkout.test.cardsIntro')}</p>
        <table className="checkout-cards-table">
          <thead>
            <tr>
              <th scope="col">{t('checkout.test.cardNumber')}</th>
              <th scope="col">{t('checkout.test.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {TEST_CARDS.map((card) => (
              <tr key={card.number}>
                <td>
                  <code>{card.number}</code>
                </td>
                <td>{t(`checkout.test.outcomes.${card.outcome}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <TestModeOnly production={d.production} />
      {d.production ? null : <CheckoutBody data={d} locale={locale} query={query} mobile={mobile} pageId="test-checkout" />}
    </CheckoutPageShell>
  );
};
TestCheckoutPage.load = (ctx) => loadDemoCheckout(ctx, TEST_PRODUCT_ID);

export const PaypalDemoPage: PageComponent = ({ locale, mobile, query, data }) => {
  const d = data as CheckoutData & { production: boolean };
  return (
    <CheckoutPageShell pageId="demo-paypal">
      <TestModeOnly production={d.production} />
      {d.production ? null : <CheckoutBody data={d} locale={locale} query={query} mobile={mobile} pageId="demo-paypal" methods={['paypal']} />}
    </CheckoutPageShell>
  );
};
PaypalDemoPage.load = (ctx) => loadDemoCheckout(ctx, DEMO_PRODUCT_ID);

/** Every string of a namespace, as [dotted key, text] pairs, in file order. */
function flatten(node: Messages, prefix: string): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}.${key}`, value] as [string, string]] : flatten(value, `${prefix}.${key}`)));
}

export const TextCheckoutPage: PageComponent = ({ locale }) => {
  const t = useT();
  const links = siteLinks(locale);
  const sample = 'MTSAMPLE0RDER0001';
  const statusLinks = { retry: links.checkout, changeMethod: links.checkout, support: `${links.feedback}?order_number=${sample}`, licenseCode: links.licenseCode };
  // The raw strings, {{placeholders}} included, so translators see what the code fills in.
  const keys = flatten(mergeMessages(DEFAULT_MESSAGES['checkout'] as Messages, messagesOf(locale)['checkout'] as Messages | undefined), 'checkout');
  return (
    <div className="container page checkout-page" data-page="text-checkout">
      <PageHeader id="text-checkout" />
      <section aria-labelledby="text-statuses">
        <h2 id="text-statuses">{t('checkout.text.statusesHeading')}</h2>
        <div className="checkout-text-statuses">
          {CHECKOUT_STATUSES.map((status) => (
            <StatusView key={status} status={status} orderId={sample} reason={status === 'failed' ? 'card_declined' : null} links={statusLinks} />
          ))}
        </div>
      </section>
      <section aria-labelledby="text-messages">
        <h2 id="text-messages">{t('checkout.text.messagesHeading')}</h2>
        <p>{t('checkout.text.messagesIntro', { count: String(keys.length) })}</p>
        <table className="checkout-text-table">
          <thead>
            <tr>
              <th scope="col">{t('checkout.text.key')}</th>
              <th scope="col">{t('checkout.text.value')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map(([key, text]) => (
              <tr key={key} data-key={key}>
                <td>
                  <code>{key}</code>
                </td>
                <td>{text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
};
