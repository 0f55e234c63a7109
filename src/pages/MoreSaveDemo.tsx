import { useT } from '../i18n/translator';
import { currencyInfo } from '../domain/currency';
import { formatMoney } from '../domain/money';
import { priceReduction } from '../domain/reference-price';
import { productKind } from '../domain/package-ids';
import { sortPlans, type Plan } from '../domain/plans';
import { getPlanList, waitUntilOf, type PlanSource } from '../services/plan-cache';
import { PageHeader } from '../components/PageHeader';
import { MoreSave } from '../components/MoreSave';
import { Icon, Paragraphs } from './page-parts';
import type { PageComponent, PageLoadContext } from './machinery/types';

/** Currencies the demo shows: two-decimal ones and the zero-decimal yen. */
const DEMO_CURRENCIES = ['USD', 'JPY', 'EUR'] as const;

interface DemoGroup {
  currency: string;
  source: PlanSource;
  plans: Plan[];
}


async function loadDemo({ c }: PageLoadContext) {
  const waitUntil = waitUntilOf(c);
  const lookups = await Promise.all(DEMO_CURRENCIES.map((currency) => getPlanList(c.env, waitUntil, currency, 'A')));
  // A currency the upstream cannot price right now shows up once, as the bundled USD plans.
  const groups: DemoGroup[] = [];
  for (const lookup of lookups) {
    if (!lookup.list || groups.some((g) => g.currency === lookup.currency)) continue;
    groups.push({ currency: lookup.currency, source: lookup.source, plans: sortPlans(lookup.list) });
  }
  // The page prints each entry and where it came from: a new entry or source is a new cache key.
  return { data: groups, cacheKey: `plans=${lookups.map((l) => `${l.currency}/${l.source}/${l.version}`).join(',')}` };
}

/** /components/MoreSave: the savings badge on the real plans in several currencies (server-rendered, noindex). */
export const MoreSaveDemoPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const groups = (data ?? []) as DemoGroup[];
  return (
    <div className="container page" data-page="demo-more-save">
      <PageHeader id="demo-more-save" />
      <section className="prose internal-purpose">
        <h2>{t('common.internal.heading')}</h2>
        <Paragraphs path="pages.demo-more-save.purpose" />
        <p className="notice notice-inline">
          <Icon name="info" className="notice-icon" />
          <span>{t('common.internal.noindex')}</span>
        </p>
      </section>
      <section className="buy-section" aria-labelledby="demo-savings">
        <h2 id="demo-savings">{t('buy.demo.heading')}</h2>
        <p>{t('buy.demo.intro')}</p>
        {groups.map((group) => {
          const info = currencyInfo(group.currency, locale);
          return (
            <div key={group.currency} className="demo-savings" data-currency={group.currency} data-plan-source={group.source}>
              <table className="demo-savings-table">
                <caption>{t('buy.demo.caption', { name: info.name, code: info.value })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('buy.demo.plan')}</th>
                    <th scope="col">{t('buy.demo.price')}</th>
                    <th scope="col">{t('buy.demo.reference')}</th>
                    <th scope="col">{t('buy.demo.saving')}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.plans.map((plan) => {
                    const kind = productKind(plan.product_id);
                    // The same rule as the buy page: only a real reduction, against the lowest price of the 30 days before it.
                    const reduced = priceReduction(plan, Math.floor(Date.now() / 1000));
                    return (
                      <tr key={plan.product_id} data-product-id={plan.product_id} data-reduced={reduced ? 'true' : 'false'}>
                        <th scope="row">{kind ? t(`buy.plans.${kind}.title`) : plan.title}</th>
                        <td>{formatMoney(plan.price, plan.currency, locale)}</td>
                        <td>{reduced ? formatMoney(reduced.reference, plan.currency, locale) : '—'}</td>
                        <td>{reduced ? <MoreSave price={plan.price} reference={reduced.reference} currency={plan.currency} locale={locale} /> : t('buy.demo.none')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="demo-savings-source">{t('buy.demo.source', { source: group.source })}</p>
            </div>
          );
        })}
      </section>
    </div>
  );
};
MoreSaveDemoPage.load = loadDemo;
