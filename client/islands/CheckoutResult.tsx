// The result page's island: polls the upstream order query of the order
// in the URL until it settles, shows that status, and for a paid order the licence code (copy,
// "send it again") and the three recovery steps. A reload, Stripe's return redirect or a reopened
// tab land here again and simply resume polling.
import '../styles/forms.css';
import '../styles/checkout.css';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../src/i18n/translator';
import { formatMoney } from '../../src/domain/money';
import type { TaxRule } from '../../src/domain/tax';
import { taxAmountLine, taxLabel } from '../../src/i18n/tax';
import { api, ApiError } from '../lib/api';
import { track } from '../lib/tracking';
import { installBeaconSender } from '../lib/beacon';
import { reportPurchase } from '../lib/analytics';
import { pollOrder } from '../lib/payments/poll';
import { ORDER_STORAGE_KEY, type KeptOrder } from '../lib/payments/orders';
import { carriedQuery, methodOfPayType, resultLinks, resultTargetOf, statusDisplay, type CheckoutStatus, type ResultLinks, type ResultPaths, type ResultTarget } from '../../src/domain/checkout';
import { productKind } from '../../src/domain/package-ids';
import { RecoverySteps, StatusView } from '../components/checkout/StatusView';
import CopyButton from '../components/CopyButton';
import { tWithUserText } from '../components/UserText';
import { withdrawalHref } from '../../src/domain/withdrawal';

/**
 * Nothing about the order: the island reads it from the URL (`resultTargetOf`), so the page's HTML
 * is the same for every order and is served from the page cache. The server has already answered
 * 404 to a URL that names no order.
 */
export interface CheckoutResultProps {
  paths: ResultPaths;
  downloadHref: string;
  mobile: boolean;
  /** What the visitor's prices include (the edge's tax rule for the country): the order total says it too. */
  tax: TaxRule;
}

interface Order extends ResultTarget {
  kind: string;
  links: ResultLinks;
}

/** The order in this page's URL, with its links (campaign keys and the test host carried along). */
function orderFromUrl(paths: ResultPaths): Order | null {
  const query = new URLSearchParams(window.location.search);
  const target = resultTargetOf(query);
  return target ? { ...target, kind: productKind(target.productId) ?? 'other', links: resultLinks(paths, target, carriedQuery(query)) } : null;
}

const REPORTED_KEY = 'mt-checkout-reported';

/** The email this tab paid with, if it created the order (else the code block says "your email"). */
function keptEmail(orderId: string): string | null {
  try {
    const all = JSON.parse(sessionStorage.getItem(ORDER_STORAGE_KEY) || '{}') as Record<string, KeptOrder>;
    return Object.values(all).find((o) => o.orderId === orderId)?.email ?? null;
  } catch {
    return null;
  }
}

/** The paid beacon and the analytics purchase event go once per order, however often the page is reloaded. */
function firstReport(orderId: string): boolean {
  try {
    const done = (localStorage.getItem(REPORTED_KEY) ?? '').split(',');
    if (done.includes(orderId)) return false;
    localStorage.setItem(REPORTED_KEY, [...done.slice(-19), orderId].filter(Boolean).join(','));
    return true;
  } catch {
    return true;
  }
}

type CodeState = { kind: 'loading' } | { kind: 'shown'; code: string } | { kind: 'failed'; message: string };
type MailState = 'idle' | 'sending' | 'sent' | 'failed';

/** The order's total as the upstream answers it, with what it includes. */
function OrderTotal({ amount, currency, tax }: { amount: number; currency: string; tax: TaxRule }) {
  const { t, locale } = useI18n();
  const included = taxAmountLine(tax, amount, currency, t, locale);
  return (
    <div className="checkout-order-total" data-order-total={amount} data-currency={currency}>
      <p>{t('checkout.result.total', { price: t('checkout.tax.price', { price: formatMoney(amount, currency, locale), label: taxLabel(tax, t) }) })}</p>
      {included ? <p className="checkout-order-tax">{included}</p> : null}
    </div>
  );
}

export default function CheckoutResult(props: CheckoutResultProps) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Read after hydration: the server rendered the same 'paying' view without an order.
  const [order, setOrder] = useState<Order | null>(null);
  const [status, setStatus] = useState<CheckoutStatus>('paying');
  const [code, setCode] = useState<CodeState>({ kind: 'loading' });
  const [email, setEmail] = useState<string | null>(null);
  const [mail, setMail] = useState<MailState>('idle');
  const [total, setTotal] = useState<{ amount: number; currency: string } | null>(null);
  const first = useRef(true);

  useEffect(() => setOrder(orderFromUrl(props.paths)), [props.paths]);

  useEffect(() => {
    if (!order) return;
    installBeaconSender();
    setEmail(keptEmail(order.orderId));
    const method = methodOfPayType(order.payType);
    return pollOrder({
      query: async () => {
        const answer = await api.queryOrder(order.payType, { order_id: order.orderId });
        setTotal((shown) => (shown?.amount === answer.amount && shown.currency === answer.currency ? shown : { amount: answer.amount, currency: answer.currency }));
        return answer;
      },
      onStatus: (next) => {
        setStatus(next);
        if (next === 'paid') void onPaid(order, method);
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  // Focus follows the status (the heading is announced by the live region around it); the first
  // 'paying' keeps the page's own focus order.
  useEffect(() => {
    if (first.current && status === 'paying') return;
    first.current = false;
    headingRef.current?.focus();
  }, [status]);

  async function onPaid(paid: Order, method: string) {
    try {
      const answer = await api.getLicenceCode({ order_id: paid.orderId });
      setCode({ kind: 'shown', code: answer.cd_key });
    } catch (error) {
      setCode({ kind: 'failed', message: error instanceof ApiError ? error.localizedMessage : t('checkout.code.failed') });
    }
    if (!firstReport(paid.orderId)) return;
    try {
      const answer = await api.queryOrder(paid.payType, { order_id: paid.orderId });
      track({ action: 'pay_result', page_id: 'checkout_result', result: 'paid', item_id: String(paid.productId), pkg_type: paid.kind, pay: `${method}_${answer.currency}_${answer.amount}` });
      reportPurchase({ transactionId: paid.orderId, value: answer.amount, currency: answer.currency, itemId: String(paid.productId), itemName: paid.kind });
    } catch {
      /* the purchase stands; only its report is lost */
    }
  }

  async function sendAgain() {
    if (!email || mail === 'sending') return;
    setMail('sending');
    try {
      await api.sendLicenceCodeMail({ email });
      setMail('sent');
    } catch {
      setMail('failed');
    }
  }

  const settled = status === 'paid' && code.kind !== 'loading';
  return (
    <div className="checkout-result" data-result-status={status}>
      <div aria-live="polite" aria-atomic="false">
        <StatusView status={status} orderId={order?.orderId ?? null} reason={order?.reason} links={order?.links ?? null} headingRef={headingRef}>
          {/* Only once this island polls (never in the server's HTML): without JavaScript nothing would update. */}
          {order && statusDisplay(status).pending ? <p className="checkout-updating">{t('checkout.result.updating')}</p> : null}
          {total ? <OrderTotal amount={total.amount} currency={total.currency} tax={props.tax} /> : null}
          {status === 'paid' ? (
            <div className="checkout-code" data-code-state={code.kind}>
              <h3>{t('checkout.code.heading')}</h3>
              {code.kind === 'loading' ? <p>{t('checkout.code.loading')}</p> : null}
              {code.kind === 'shown' ? (
                <>
                  <p className="checkout-code-value">
                    <code data-licence-code>{code.code}</code>
                    <CopyButton value={code.code} />
                  </p>
                  <p>{email ? tWithUserText(t, 'checkout.code.sentTo', { email }) : t('checkout.code.sentToYou')}</p>
                  {email ? (
                    <p className="checkout-code-mail">
                      <button className="button button-ghost" type="button" onClick={() => void sendAgain()} aria-disabled={mail === 'sending' || undefined}>
                        {mail === 'sending' ? t('ui.forms.sending') : t('checkout.code.sendAgain')}
                      </button>
                      <span role="status">{mail === 'sent' ? tWithUserText(t, 'checkout.code.sentAgain', { email }) : mail === 'failed' ? t('checkout.code.sendFailed') : ''}</span>
                    </p>
                  ) : (
                    <p>
                      <a href={props.paths.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
                    </p>
                  )}
                </>
              ) : null}
              {code.kind === 'failed' ? (
                <p className="form-message form-message-error">
                  {code.message} <a href={props.paths.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
                </p>
              ) : null}
            </div>
          ) : null}
          {/* What follows the code waits until it is shown (or failed): the code's block changes
              height then, and nothing below it is on the page yet to be pushed down. */}
          {settled ? (
            <p className="checkout-withdraw">
              <a href={withdrawalHref(props.paths.withdraw, order?.orderId)} data-next="withdraw">
                {t('checkout.review.refundLink')}
              </a>
            </p>
          ) : null}
        </StatusView>
      </div>
      {settled ? <RecoverySteps downloadHref={props.downloadHref} mobile={props.mobile} /> : null}
    </div>
  );
}
