import type { Translate } from '../i18n/translator';
import { useT } from '../i18n/translator';
import BuyButton from '../../client/islands/BuyButton';
import { Island } from './Island';
import { MoreSave } from './MoreSave';
import { formatMoney, saving } from '../domain/money';
import { productKind, type ProductKind } from '../domain/package-ids';
import type { Plan } from '../domain/plans';
import type { TaxRule } from '../domain/tax';
import { taxLabel } from '../i18n/tax';
import { messageKeys } from '../pages/page-parts';

/** A plan as the page shows it: copy localized by product id, money formatted in the page's locale. */
export interface PlanView {
  productId: number;
  kind: ProductKind | null;
  title: string;
  subtitle: string;
  access: string[];
  /** What the licence covers (null for a product the site has no copy for). */
  coverage: string | null;
  currency: string;
  price: number;
  originPrice: number;
  priceText: string;
  /** What the price includes, beside it: 'incl. VAT', 'TTC', '税込', 'tax included'. */
  taxLabel: string;
  /** The struck-through original price; null when it is not higher than the price. */
  originText: string | null;
  checkoutHref: string;
  featured: boolean;
}

/**
 * Localizes one plan. The upstream answers in English, so known products (by product id, either
 * package table) take their title, sub-title, bullets and coverage from the `buy` messages; an
 * unknown product keeps the upstream's own text.
 */
export function planView(plan: Plan, opts: { t: Translate; locale: string; tax: TaxRule; checkoutHref: string; featured?: boolean }): PlanView {
  const { t, locale } = opts;
  const kind = productKind(plan.product_id);
  const base = kind ? `buy.plans.${kind}` : null;
  return {
    productId: plan.product_id,
    kind,
    title: base ? t(`${base}.title`) : plan.title,
    subtitle: base ? t(`${base}.subtitle`) : plan.subTitle,
    access: base ? [...messageKeys(`${base}.access`).map((k) => t(`${base}.access.${k}`)), ...messageKeys('buy.commonAccess').map((k) => t(`buy.commonAccess.${k}`))] : plan.accessList,
    coverage: base ? t(`${base}.coverage`) : null,
    currency: plan.currency,
    price: plan.price,
    originPrice: plan.origin_price,
    priceText: formatMoney(plan.price, plan.currency, locale),
    taxLabel: taxLabel(opts.tax, t),
    originText: plan.origin_price > plan.price ? formatMoney(plan.origin_price, plan.currency, locale) : null,
    checkoutHref: opts.checkoutHref,
    featured: opts.featured ?? false,
  };
}

/** The plan with the largest saving is the one to point out ("Best value"); ties go to the later plan. */
export function featuredProductId(plans: readonly Plan[]): number | null {
  let best: { id: number; percent: number } | null = null;
  for (const plan of plans) {
    const off = saving(plan.price, plan.origin_price);
    if (off && (!best || off.percent >= best.percent)) best = { id: plan.product_id, percent: off.percent };
  }
  return best?.id ?? null;
}

/** One plan of the buy list: title, sub-title, price (with the original struck through), saving, buy link, bullets. */
export function PlanCard({ plan, locale, pageId }: { plan: PlanView; locale: string; pageId?: string }) {
  const t = useT();
  const titleId = `plan-${plan.productId}-title`;
  return (
    <li className={plan.featured ? 'plan-card plan-card-featured' : 'plan-card'} aria-labelledby={titleId} data-product-id={plan.productId} data-plan-kind={plan.kind ?? undefined}>
      {plan.featured ? <p className="plan-flag">{t('buy.bestValue')}</p> : null}
      <h3 id={titleId} className="plan-title">
        {plan.title}
      </h3>
      <p className="plan-subtitle">{plan.subtitle}</p>
      <p className="plan-price" data-price={plan.price} data-origin-price={plan.originPrice} data-currency={plan.currency}>
        <span className="plan-price-current">{plan.priceText}</span> <span className="plan-price-tax">{plan.taxLabel}</span>
        {plan.originText ? (
          <>
            {' '}
            <s className="plan-price-origin" aria-hidden="true">
              {plan.originText}
            </s>
            <span className="visually-hidden">{` ${t('buy.price.was', { price: plan.originText })}`}</span>
          </>
        ) : null}
      </p>
      <MoreSave price={plan.price} originPrice={plan.originPrice} currency={plan.currency} locale={locale} />
      <Island
        name="BuyButton"
        component={BuyButton}
        props={{
          href: plan.checkoutHref,
          productId: plan.productId,
          kind: plan.kind ?? 'other',
          planTitle: plan.title,
          priceText: plan.priceText,
          currency: plan.currency,
          featured: plan.featured,
          ...(pageId ? { pageId } : {}),
        }}
      />
      <ul className="plan-access" aria-label={t('buy.included')}>
        {plan.access.map((item) => (
          <li key={item}>
            <svg className="check-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <path d="M5 12.5l4.5 4.5L19 7" />
            </svg>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
