import type { ReactNode } from 'react';
import { useT } from '../i18n/translator';
import type { CheckoutFormProps } from '../../client/islands/CheckoutForm';
import { campaignFromQuery } from '../domain/campaign';
import { codeTableFor } from '../domain/package-ids';
import { sortPlans } from '../domain/plans';
import { parseHostKey } from '../domain/api-handlers';
import { carriedQuery, checkoutQueryCacheable, isPayMethod, parseOrderId, parseProductId, payMethodsFor, type PayMethod } from '../domain/checkout';
import { localizePath, type Locale } from '../domain/locales';
import { taxRuleFor, taxRuleKey, type TaxRule } from '../domain/tax';
import { waiverRequired } from '../domain/withdrawal';
import { taxAmountLine, taxNote } from '../i18n/tax';
import { checkoutPlan, type CheckoutPlan } from '../services/checkout-plan';
import { plansForVisitor, waitUntilOf } from '../services/plan-cache';
import { Island } from '../components/Island';
import { MoreSave } from '../components/MoreSave';
import { featuredProductId, PlanCard, PlanPrice, planView, type PlanView } from '../components/PlanCard';
import { checkoutHref, CurrencyNote, TaxNote, type BuyData } from './Buy';
import { PageHeader } from '../components/PageHeader';
import { Icon } from './page-parts';
import { siteLinks } from './machinery/links';
import type { PageComponent, PageLoad, PageLoadContext } from './machinery/types';

/**
 * What the checkout's load step found: the plan to sell; the plans to choose from, when the URL
 * names none (a bookmark, history or a shortened link of /checkout); or why there is none (a 404).
 */
export type CheckoutData =
  | { kind: 'plan'; found: CheckoutPlan; stripeKey: string; paypalClientId: string; tax: TaxRule; waiver: boolean }
  | { kind: 'choose'; plans: BuyData }
  | { kind: 'unknown' };

/**
 * /checkout without a product_id: the visitor's plans from the plan cache, exactly as /buy shows
 * them (currency, package table by isSem, entry version), each leading to its checkout. Cached by
 * the same facts as /buy, plus the route's query (campaign keys, host).
 */
async function loadChooser({ c, query }: PageLoadContext): Promise<PageLoad & { data: CheckoutData }> {
  const table = codeTableFor(campaignFromQuery(query).isSem);
  const found = await plansForVisitor(c.env, waitUntilOf(c), c.get('geo').currency, table);
  c.header('X-Plan-Source', found.source);
  const tax = taxRuleFor(c.get('geo').country);
  const plans: BuyData = { plans: found.list, currency: found.currency, requestedCurrency: found.requestedCurrency, currencyFallback: found.currencyFallback, source: found.source, table: found.table, tax };
  return {
    data: { kind: 'choose', plans },
    ...(checkoutQueryCacheable(query) ? { cacheKey: `choose=${found.currency}/${found.requestedCurrency}/${found.currencyFallback ?? '-'}/${found.table}/${found.version}/tax=${taxRuleKey(tax)}` } : {}),
  };
}

/**
 * The checkout's data step: the plan from the plan cache; an unknown or missing product_id answers
 * 404. The page cache key names everything the page shows from it: the plan (product, currency,
 * table and the plan entry's version), the currency note and the payment providers' public keys.
 * The query part of the key is the route's (`cacheQuery`). Not cached: the 404 (any product_id
 * can end there) and a package priced outside the plan cache (no version describes it).
 */
export async function loadCheckout(ctx: PageLoadContext, fallbackProductId?: number): Promise<PageLoad & { data: CheckoutData }> {
  const { c, query } = ctx;
  c.header('Cache-Control', 'private, no-store');
  // No product_id at all is the plain /checkout route (200, the plans to choose from); a
  // product_id that is empty, malformed or unknown stays the localized 404.
  if (!query.has('product_id') && fallbackProductId === undefined) return loadChooser(ctx);
  const productId = parseProductId(query.get('product_id')) ?? fallbackProductId ?? null;
  const found = productId === null ? null : await checkoutPlan(c.env, waitUntilOf(c), productId, c.get('geo').currency, campaignFromQuery(query).isSem);
  if (!found) {
    c.status(404);
    return { data: { kind: 'unknown' } };
  }
  const stripeKey = c.env.STRIPE_PUBLISHABLE_KEY ?? '';
  const paypalClientId = c.env.PAYPAL_CLIENT_ID ?? '';
  const { plan, table, requestedCurrency, currencyFallback, version } = found;
  // The visitor's country shows only through what it decides: the tax rule (its wording, rate and
  // amount) and whether the buyer must waive the right of withdrawal before paying.
  const country = c.get('geo').country;
  const tax = taxRuleFor(country);
  const waiver = waiverRequired(country);
  return {
    data: { kind: 'plan', found, stripeKey, paypalClientId, tax, waiver },
    ...(version === null || !checkoutQueryCacheable(query)
      ? {}
      : { cacheKey: `plan=${plan.product_id}/${plan.currency}/${requestedCurrency}/${currencyFallback ?? '-'}/${table}/${version}/${stripeKey}/${paypalClientId}/tax=${taxRuleKey(tax)}/waiver=${waiver ? 1 : 0}` }),
  };
}

/** The chosen plan: localized title, features, price (what it includes; a real reduction and its prior price), the saving, the money-back line. */
export function PlanSummary({ view, locale, tax }: { view: PlanView; locale: Locale; tax: TaxRule }) {
  const t = useT();
  const taxAmount = taxAmountLine(tax, view.price, view.currency, t, locale);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-plan-title" data-product-id={view.productId} data-currency={view.currency}>
      <p className="checkout-summary-label">{t('checkout.summary.label')}</p>
      <h2 id="checkout-plan-title" className="checkout-plan-title">
        {view.title}
      </h2>
      <p className="plan-subtitle">{view.subtitle}</p>
      <PlanPrice plan={view} className="plan-price checkout-price" />
      {/* A national VAT is named with its amount and rate; elsewhere, how tax is handled. */}
      {taxAmount ? (
        <p className="checkout-tax-amount" data-tax-amount>
          {taxAmount}
        </p>
      ) : (
        <p className="checkout-tax-note" data-tax-rule={taxRuleKey(tax)}>
          {taxNote(tax, t, locale)}
        </p>
      )}
      {view.reduction ? <MoreSave price={view.price} reference={view.reduction.reference} currency={view.currency} locale={locale} /> : null}
      <ul className="plan-access" aria-label={t('buy.included')}>
        {view.access.map((item) => (
          <li key={item}>
            <Icon name="check" className="check-icon" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p className="checkout-guarantee">
        <Icon name="refund" className="checkout-guarantee-icon" />
        <span>{t('checkout.summary.guarantee')}</span>
      </p>
      <p className="checkout-secure">
        <Icon name="lock" className="checkout-guarantee-icon" />
        <span>{t('checkout.summary.secure')}</span>
      </p>
    </section>
  );
}

/** The plans of /checkout without a product_id, each card's button leading to its own checkout (same locale, variant, campaign and host keys). */
export function PlanChooser({ data, locale, mobile, query }: { data: BuyData; locale: Locale; mobile: boolean; query: URLSearchParams }) {
  const t = useT();
  const checkout = siteLinks(locale, mobile).checkout;
  const host = parseHostKey(query.get('host'));
  const featured = featuredProductId(data.plans);
  const views = sortPlans(data.plans).map((plan) => {
    const href = checkoutHref(checkout, plan, query);
    return planView(plan, { t, locale, tax: data.tax, checkoutHref: host ? `${href}&host=${host}` : href, featured: plan.product_id === featured });
  });
  return (
    <section className="buy-plans checkout-choose" aria-labelledby="checkout-choose-heading" data-checkout="choose" data-currency={data.currency} data-code-table={data.table}>
      <h2 id="checkout-choose-heading">{t('checkout.choose.heading')}</h2>
      <p>{t('checkout.choose.text')}</p>
      <CurrencyNote data={data} locale={locale} />
      <TaxNote tax={data.tax} locale={locale} />
      <ul className="plan-grid">
        {views.map((view) => (
          <PlanCard key={view.productId} plan={view} locale={locale} pageId="checkout" />
        ))}
      </ul>
      <p className="checkout-secure">
        <Icon name="lock" className="checkout-guarantee-icon" />
        <span>{t('checkout.summary.secure')}</span>
      </p>
    </section>
  );
}

/** An unknown or missing product_id: say so and lead back to the plans (status 404). */
export function UnknownPlan({ buyHref }: { buyHref: string }) {
  const t = useT();
  return (
    <section className="checkout-unknown notice" role="note" data-checkout="unknown">
      <h2>{t('checkout.unknown.heading')}</h2>
      <p>{t('checkout.unknown.text')}</p>
      <p>
        <a className="button button-primary" href={buyHref}>
          {t('checkout.unknown.link')}
        </a>
      </p>
    </section>
  );
}

interface CheckoutBodyOptions {
  pageId: string;
  /** Default: every method that can charge the plan's currency. */
  methods?: PayMethod[];
}

/** The checkout itself (summary and payment island), shared by /checkout, /test-checkout and the PayPal demo. */
export function CheckoutBody({ data, locale, query, mobile, pageId, methods: only }: { data: CheckoutData; locale: Locale; query: URLSearchParams; mobile: boolean } & CheckoutBodyOptions) {
  const t = useT();
  const links = siteLinks(locale);
  const carried = carriedQuery(query);
  const carriedText = carried.toString();
  const buyHref = carriedText ? `${links.buy}?${carriedText}` : links.buy;
  if (data.kind === 'unknown') return <UnknownPlan buyHref={buyHref} />;
  if (data.kind === 'choose') return <PlanChooser data={data.plans} locale={locale} mobile={mobile} query={query} />;
  const { plan } = data.found;
  const methods = only ?? payMethodsFor(plan.currency);
  const view = planView(plan, { t, locale, tax: data.tax, checkoutHref: '' });
  const method = query.get('method');
  const props: CheckoutFormProps = {
    productId: plan.product_id,
    currency: plan.currency,
    planTitle: view.title,
    priceText: view.priceText,
    taxLabel: view.taxLabel,
    taxAmount: taxAmountLine(data.tax, plan.price, plan.currency, t, locale),
    taxNote: taxNote(data.tax, t, locale),
    coverage: view.coverage ?? view.subtitle,
    refundHref: links.withdraw,
    kind: view.kind ?? 'other',
    resultPath: localizePath(locale, '/checkout/result'),
    carried: carriedText,
    stripeKey: data.stripeKey,
    paypalClientId: data.paypalClientId,
    methods,
    method: isPayMethod(method) ? method : null,
    retryOrderId: parseOrderId(query.get('retry')),
    pageId,
    waiver: data.waiver,
  };
  return (
    <div className="checkout-layout" data-mobile={mobile || undefined}>
      <PlanSummary view={view} locale={locale} tax={data.tax} />
      <section className="checkout-pay-card" aria-label={t('checkout.form.heading')}>
        {data.found.currencyFallback ? <p className="checkout-currency-note">{t(`buy.currency.${data.found.currencyFallback}`, { name: data.found.requestedCurrency, code: data.found.requestedCurrency })}</p> : null}
        <Island of="CheckoutForm" props={props} />
        <noscript>
          <p className="form-noscript">{t('checkout.noscript.text')}</p>
          <p>
            <a href={buyHref}>{t('checkout.noscript.back')}</a>
          </p>
        </noscript>
      </section>
    </div>
  );
}

/** A page around a checkout (/checkout, /test-checkout, the PayPal demo): the header; the routes link the form's and the plan summary's styles (CHECKOUT_STYLES). */
export function CheckoutPageShell({ pageId, children }: { pageId: string; children: ReactNode }) {
  return (
    <div className="container page checkout-page" data-page={pageId}>
      <PageHeader id={pageId} />
      {children}
    </div>
  );
}

/** /checkout?product_id=… and /mobile/checkout: the chosen plan, the buyer's email and the payment; without a product_id, the plans to choose from. */
export const CheckoutPage: PageComponent = ({ locale, mobile, query, data }) => (
  <CheckoutPageShell pageId="checkout">
    <CheckoutBody data={data as CheckoutData} locale={locale} query={query} mobile={mobile} pageId="checkout" />
  </CheckoutPageShell>
);
CheckoutPage.load = (ctx) => loadCheckout(ctx);
