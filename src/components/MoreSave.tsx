import { useT } from '../i18n/translator';
import { formatMoney, formatPercent, saving } from '../domain/money';

/**
 * MoreSave, the savings badge: percentage and amount off the reference price, both computed from
 * the two prices (never typed in), in the page's language. The reference must be the lowest price
 * of the 30 days before the reduction (src/domain/reference-price.ts, `priceReduction`): callers
 * pass nothing else. Renders nothing without a saving.
 */
export function MoreSave({ price, reference, currency, locale }: { price: number; reference: number; currency: string; locale: string }) {
  const t = useT();
  const off = saving(price, reference);
  if (!off) return null;
  return (
    <p className="save-badge" data-saving-percent={off.percent} data-saving-amount={off.amount}>
      <span className="save-badge-percent">{t('buy.save.badge', { percent: formatPercent(off.percent, locale) })}</span>{' '}
      <span className="save-badge-amount">{t('buy.save.amount', { amount: formatMoney(off.amount, currency, locale) })}</span>
    </p>
  );
}
