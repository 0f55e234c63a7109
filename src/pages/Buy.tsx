import { useT, type Translate } from '../i18n/translator';
import { CAMPAIGN_KEYS, campaignFromQuery } from '../domain/campaign';
import type { CodeTable } from '../domain/api-schemas';
import { currencyInfo } from '../domain/currency';
import { toDecimalString } from '../domain/money';
import { codeTableFor } from '../domain/package-ids';
import { sortPlans, type Plan } from '../domain/plans';
import type { Locale } from '../domain/locales';
import { taxRuleFor, taxRuleKey, type TaxRule } from '../domain/tax';
import { taxNote } from '../i18n/tax';
import { plansForVisitor, planCacheStatsHeader, waitUntilOf, type PlanSource, type VisitorPlans } from '../services/plan-cache';
import { PageHeader } from '../components/PageHeader';
import { featuredProductId, PlanCard, planView, type PlanView } from '../components/PlanCard';
import { Icon, messageKeys, withCampaign } from './page-parts';
import { TestimonialList } from '../components/Testimonials';
import { siteLinks } from './machinery/links';
import type { PageComponent, PageLoadContext } from './machinery/types';

/** What the buy page's load step hands the page: everything needed to render without a client fetch. */
export interface BuyData {
  plans: Plan[];
  /** The currency of `plans`. */
  currency: string;
  /** The visitor's currency (differs from `currency` when it could not be shown). */
  requestedCurrency: string;
  currencyFallback: VisitorPlans['currencyFallback'];
  source: PlanSource;
  table: CodeTable;
  /** What the prices include, from the visitor's country (src/domain/tax.ts). */
  tax: TaxRule;
}


/** The checkout of one plan: same locale, its product id and currency, and the visitor's validated campaign keys. */
export function checkoutHref(checkoutPath: string, plan: Pick<Plan, 'product_id' | 'currency'>, query: URLSearchParams): string {
  const params = new URLSearchParams({ product_id: String(plan.product_id), currency: plan.currency });
  const campaign = campaignFromQuery(query);
  for (const key of CAMPAIGN_KEYS) {
    const value = campaign[key];
    if (value !== undefined) params.set(key, value);
  }
  return `${checkoutPath}?${params}`;
}

/** The plans in display order, localized, with the best saving flagged. */
export function buyPlanViews(plans: readonly Plan[], t: Translate, locale: Locale, query: URLSearchParams, tax: TaxRule): PlanView[] {
  const checkout = siteLinks(locale).checkout;
  const featured = featuredProductId(plans);
  return sortPlans(plans).map((plan) => planView(plan, { t, locale, tax, checkoutHref: checkoutHref(checkout, plan, query), featured: plan.product_id === featured }));
}

/** schema.org SoftwareApplication with one Offer per plan, in the currency shown. */
export function buyJsonLd(views: readonly PlanView[], t: Translate, locale: Locale, siteUrl: string): object {
  const links = siteLinks(locale);
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: t('ui.brand'),
    description: t('pages.buy.description'),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Windows 11, Windows 10, Windows 8, Windows 7',
    url: new URL(links.buy, siteUrl).href,
    offers: views.map((view) => ({
      '@type': 'Offer',
      sku: String(view.productId),
      name: view.title,
      description: view.subtitle,
      price: toDecimalString(view.price, view.currency),
      priceCurrency: view.currency,
      availability: 'https://schema.org/InStock',
      // Campaign keys are per visitor: the structured data carries the plain checkout URL.
      url: new URL(checkoutHref(links.checkout, { product_id: view.productId, currency: view.currency }, new URLSearchParams()), siteUrl).href,
    })),
  };
}

async function loadBuy({ c, locale, query }: PageLoadContext) {
  const geo = c.get('geo');
  const tax = taxRuleFor(geo.country);
  const table = codeTableFor(campaignFromQuery(query).isSem);
  const result = await plansForVisitor(c.env, waitUntilOf(c), geo.currency, table);
  // Ops can see where the plans came from; the page depends on the visitor's currency, so no shared caching.
  c.header('X-Plan-Source', result.source);
  c.header('Cache-Control', 'private, no-cache');
  if (c.env.ENVIRONMENT !== 'production') c.header('X-Plan-Cache-Stats', planCacheStatsHeader());
  const data: BuyData = {
    plans: result.list,
    currency: result.currency,
    requestedCurrency: result.requestedCurrency,
    currencyFallback: result.currencyFallback,
    source: result.source,
    table: result.table,
    tax,
  };
  const { t } = c.get('i18n');
  return {
    data,
    // The page shows exactly these facts (the visitor's country stays out, only the tax rule it
    // picks: the buy buttons ask /api/geo for the country; where the plans came from is only in
    // X-Plan-Source), and `version` changes whenever the plan entry does.
    cacheKey: `plans=${result.currency}/${result.requestedCurrency}/${result.currencyFallback ?? '-'}/${result.table}/${result.version}/tax=${taxRuleKey(tax)}`,
    jsonLd: () => [buyJsonLd(buyPlanViews(result.list, t, locale, query, tax), t, locale, c.env.SITE_URL)],
  };
}

/** Which tax the prices include (and at what rate), or that nothing is added at checkout. */
export function TaxNote({ tax, locale }: { tax: TaxRule; locale: Locale }) {
  const t = useT();
  return (
    <p className="buy-tax" data-tax-rule={taxRuleKey(tax)}>
      {taxNote(tax, t, locale)}
    </p>
  );
}

/** Which currency the plans are in, or why not the visitor's own (also on the checkout's plan chooser). */
export function CurrencyNote({ data, locale }: { data: Pick<BuyData, 'currency' | 'requestedCurrency' | 'currencyFallback'>; locale: Locale }) {
  const t = useT();
  if (data.currencyFallback) {
    const requested = currencyInfo(data.requestedCurrency, locale);
    return (
      <div className="notice buy-currency-fallback" role="note" data-currency-fallback={data.currencyFallback}>
        <Icon name="info" className="notice-icon" />
        <p>{t(`buy.currency.${data.currencyFallback}`, { name: requested.name, code: requested.value })}</p>
      </div>
    );
  }
  const shown = currencyInfo(data.currency, locale);
  return <p className="buy-currency">{t('buy.currency.shown', { name: shown.name, code: shown.value })}</p>;
}

function Testimonials() {
  const t = useT();
  return (
    <section className="buy-section" aria-labelledby="buy-testimonials">
      <h2 id="buy-testimonials">{t('buy.testimonials.heading')}</h2>
      <TestimonialList page="buy" />
    </section>
  );
}

/** /buy and /mobile/buy: the plans in the visitor's currency, rendered on the server, plus what each licence covers. */
export const BuyPage: PageComponent = ({ locale, mobile, query, data }) => {
  const t = useT();
  const buy = data as BuyData;
  const views = buyPlanViews(buy.plans, t, locale, query, buy.tax);
  const hasLifetime = views.some((view) => view.kind === 'lifetime' || view.kind === 'lifetimeMultiPc');
  const links = siteLinks(locale, mobile);
  return (
    <div className="container page buy-page" data-page="buy" data-currency={buy.currency} data-code-table={buy.table}>
      <PageHeader id="buy" />
      {mobile ? (
        <div className="notice" role="note">
          <Icon name="windows" className="notice-icon" />
          <p>{t('buy.mobileNote')}</p>
        </div>
      ) : null}
      <section className="buy-plans" aria-labelledby="buy-plans-heading">
        <h2 id="buy-plans-heading" className="visually-hidden">
          {t('buy.plansLabel')}
        </h2>
        <CurrencyNote data={buy} locale={locale} />
        <TaxNote tax={buy.tax} locale={locale} />
        <ul className="plan-grid">
          {views.map((view) => (
            <PlanCard key={view.productId} plan={view} locale={locale} />
          ))}
        </ul>
        <p className="buy-payment">
          <Icon name="lock" className="buy-payment-icon" />
          <span>{t('buy.payment')}</span>
        </p>
        <p className="buy-lost-code">
          {t('buy.lostCode.text')} <a href={withCampaign(links.licenseCode, query)}>{t('buy.lostCode.link')}</a>
        </p>
      </section>

      <div className="buy-promises">
        <section className="buy-promise" aria-labelledby="buy-guarantee">
          <Icon name="refund" className="buy-promise-icon" />
          <h2 id="buy-guarantee">{t('buy.guarantee.heading')}</h2>
          <p>{t('buy.guarantee.text')}</p>
        </section>
        {hasLifetime ? (
          <section className="buy-promise" aria-labelledby="buy-upgrades">
            <Icon name="layers" className="buy-promise-icon" />
            <h2 id="buy-upgrades">{t('buy.upgrades.heading')}</h2>
            <p>{t('buy.upgrades.text')}</p>
          </section>
        ) : null}
      </div>

      <section className="buy-section" aria-labelledby="buy-coverage">
        <h2 id="buy-coverage">{t('buy.coverage.heading')}</h2>
        <p>{t('buy.coverage.intro')}</p>
        <dl className="coverage-list">
          {views
            .filter((view) => view.coverage)
            .map((view) => (
              <div key={view.productId} className="coverage-item" data-product-id={view.productId}>
                <dt>{view.title}</dt>
                <dd>{view.coverage}</dd>
              </div>
            ))}
        </dl>
        <ul className="check-list coverage-all">
          {messageKeys('buy.coverage.all').map((key) => (
            <li key={key}>
              <Icon name="check" className="check-icon" />
              <span>{t(`buy.coverage.all.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <Testimonials />
    </div>
  );
};
BuyPage.load = loadBuy;
