// What the buyer reads directly above the final payment button: the plan and how many, what the
// licence covers and for how long, that it does not renew, the total with what it includes, when
// the money is taken, when and how the code arrives, and how to cancel (the 30-day money-back
// guarantee). These are the items a final confirmation screen must show under Japan's Act on
// Specified Commercial Transactions, and the essentials the EU's button rule asks to see right
// above an order button; every locale gets them.
import { useT } from '../../../src/i18n/translator';
import type { PayMethod } from '../../../src/domain/checkout';
import { tWithUserText } from '../UserText';

export interface OrderReviewProps {
  planTitle: string;
  /** What the licence covers and for how long (one PC for one year from activation…). */
  coverage: string;
  /** The total, with what it includes ('€27.99 incl. VAT'). */
  totalText: string;
  /** 'Includes €4.47 VAT (19%)' where a national VAT applies, else how tax is handled. */
  taxText: string;
  method: PayMethod;
  email: string;
  /** Where a refund is asked for (the contact form, refund ticket). */
  refundHref: string;
  /** The buyer waived the right of withdrawal for this order (EEA, UK, CH). */
  waived: boolean;
}

export function OrderReview({ planTitle, coverage, totalText, taxText, method, email, refundHref, waived }: OrderReviewProps) {
  const t = useT();
  return (
    <section className="checkout-review" aria-labelledby="checkout-review-title" data-review>
      <h4 id="checkout-review-title">{t('checkout.review.heading')}</h4>
      <dl className="checkout-review-list">
        <div data-review-item="plan">
          <dt>{t('checkout.review.plan')}</dt>
          <dd>{t('checkout.review.planValue', { plan: planTitle })}</dd>
        </div>
        <div data-review-item="coverage">
          <dt>{t('checkout.review.coverage')}</dt>
          <dd>{coverage}</dd>
        </div>
        <div data-review-item="renewal">
          <dt>{t('checkout.review.renewal')}</dt>
          <dd>{t('checkout.review.renewalValue')}</dd>
        </div>
        <div data-review-item="total">
          <dt>{t('checkout.review.total')}</dt>
          <dd>
            <strong className="checkout-review-total">{totalText}</strong>
            <span className="checkout-review-tax">{taxText}</span>
          </dd>
        </div>
        <div data-review-item="payment">
          <dt>{t('checkout.review.payment')}</dt>
          <dd>{t('checkout.review.paymentValue', { method: t(`checkout.methods.${method}.name`) })}</dd>
        </div>
        <div data-review-item="delivery">
          <dt>{t('checkout.review.delivery')}</dt>
          <dd>{tWithUserText(t, 'checkout.review.deliveryValue', { email })}</dd>
        </div>
        <div data-review-item="cancellation">
          <dt>{t('checkout.review.cancellation')}</dt>
          <dd>
            {t('checkout.review.cancellationValue')} <a href={refundHref}>{t('checkout.review.refundLink')}</a>
            {waived ? <span className="checkout-review-waived" data-review-waived>{t('checkout.review.waived')}</span> : null}
          </dd>
        </div>
      </dl>
    </section>
  );
}
