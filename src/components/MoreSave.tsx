import { useT } from '../i18n/translator';
import { formatMoney, formatPercent, saving } from '../domain/money';

/**
 * MoreSave, the savings badge: percentage and amount off the origin price, both computed from the
 * plan's two prices (never typed in), in the page's language. Renders nothing without a saving.
 */
export function MoreSave({ price, originPrice, currency, locale }: { price: number; originPrice: number; currency: string; locale: string }) {
  const t = useT();
  const off = saving(price, originPrice);
  if (!off) return null;
  return (
    <p className="save-badge" data-saving-percent={off.percent} data-saving-amount={off.amount}>
      <span className="save-badge-percent">{t('buy.save.badge', { percent: formatPercent(off.percent, locale) })}</span>{' '}
      <span className="save-badge-amount">{t('buy.save.amount', { amount: formatMoney(off.amount, currency, locale) })}</span>
    </p>
  );
}
