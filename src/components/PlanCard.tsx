import type { Translate } from '../i18n/translator';
import { useT } from '../i18n/translator';
import { Island } from './Island';
import { MoreSave } from './MoreSave';
import { formatMoney } from '../domain/money';
import { priceReduction } from '../domain/reference-price';
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
  priceText: string;
  /** What the price includes, beside it: 'incl. VAT', 'TTC', '税込', 'tax included'. */
  taxLabel: string;
  /**
   * A real reduction (src/domain/reference-price.ts): the lowest price of the 30 days before it,
   * struck through and stated, and the saving against it. null: the price is shown on its own.
   */
  reduction: { reference: number; referenceText: string; percent: number; amount: number } | null;
  checkoutHref: string;
  featured: boolean;
}

/**
 * Localizes one plan. The upstream answers in English, so known products (by product id, either
 * package table) take their title, sub-title, bullets and coverage from the `buy` messages; an
 * unknown product keeps the upstream's own text.
 */
export function planView(plan: Plan, opts: { t: Translate; locale: string; tax: TaxRule; checkoutHref: string; featured?: boolean; now?: number }): PlanView {
  const { t, locale } = opts;
  const reduced = priceReduction(plan, opts.now ?? Math.floor(Date.now() / 1000));
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
    priceText: formatMoney(plan.price, plan.currency, locale),
    taxLabel: taxLabel(opts.tax, t),
    reduction: reduced ? { reference: reduced.reference, referenceText: formatMoney(reduced.reference, plan.currency, locale), ...reduced.saving } : null,
    checkoutHref: opts.checkoutHref,
    featured: opts.featured ?? false,
  };
}

/**
 * The plan with the largest real reduction is the one to point out ("Best value"); ties go to the
 * later plan. Only reductions against the lowest price of the previous 30 days count, so with no
 * reduction nothing is pointed out.
 */
export function featuredProductId(plans: readonly Plan[], now: number = Math.floor(Date.now() / 1000)): number | null {
  let best: { id: number; percent: number } | null = null;
  for (const plan of plans) {
    const off = priceReduction(plan, now)?.saving;
    if (off && (!best || off.percent >= best.percent)) best = { id: plan.product_id, percent: off.percent };
  }
  return best?.id ?? null;
}

/** The price, what it includes and, for a real reduction only, the prior price struck through and stated. */
export function PlanPrice({ plan, className = 'plan-price' }: { plan: PlanView; className?: string }) {
  const t = useT();
  const reduced = plan.reduction;
  return (
    <>
      <p className={className} data-price={plan.price} data-currency={plan.currency} data-reference-price={reduced?.reference}>
        <span className="plan-price-current">{plan.priceText}</span> <span className="plan-price-tax">{plan.taxLabel}</span>
        {reduced ? (
          <>
            {' '}
            <s className="plan-price-origin" aria-hidden="true">
              {reduced.referenceText}
            </s>
            <span className="visually-hidden">{` ${t('buy.price.was', { price: reduced.referenceText })}`}</span>
          </>
        ) : null}
      </p>
      {reduced ? (
        <p className="plan-price-lowest" data-lowest-price={reduced.reference}>
          {t('buy.price.lowest30', { price: reduced.referenceText })}
        </p>
      ) : null}
    </>
  );
}

/** One plan of the buy list: title, sub-title, price (a real reduction struck through and stated), saving, buy link, bullets. */
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
      <PlanPrice plan={plan} />
      {plan.reduction ? <MoreSave price={plan.price} reference={plan.reduction.reference} currency={plan.currency} locale={locale} /> : null}
      <Island
        of="BuyButton"
        props={{
          href: plan.checkoutHref,
          productId: plan.productId,
          kind: plan.kind ?? 'other',
          planTitle: plan.title,
          // The link's accessible name says what the price includes too.
          priceText: t('checkout.tax.price', { price: plan.priceText, label: plan.taxLabel }),
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
