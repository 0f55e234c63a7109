// The result page's island (issue 12 items 3 and 4): polls the upstream order query of the order
// in the URL until it settles, shows that status, and for a paid order the licence code (copy,
// "send it again") and the three recovery steps. A reload, Stripe's return redirect or a reopened
// tab land here again and simply resume polling.
import '../styles/forms.css';
import '../styles/checkout.css';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { api, ApiError } from '../lib/api';
import { track } from '../lib/tracking';
import { installBeaconSender } from '../lib/beacon';
import { reportPurchase } from '../lib/analytics';
import { pollOrder } from '../lib/payments/poll';
import { ORDER_STORAGE_KEY, type KeptOrder } from '../lib/payments/orders';
import { methodOfPayType, type CheckoutStatus, type DeclineReason } from '../../src/domain/checkout';
import type { PayType } from '../../src/domain/api-schemas';
import { RecoverySteps, StatusView, type StatusLinks } from '../components/checkout/StatusView';
import CopyButton from '../components/CopyButton';

export interface CheckoutResultProps {
  orderId: string;
  payType: PayType;
  productId: number;
  kind: string;
  reason: DeclineReason | null;
  links: StatusLinks;
  downloadHref: string;
  mobile: boolean;
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

export default function CheckoutResult(props: CheckoutResultProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState<CheckoutStatus>('paying');
  const [code, setCode] = useState<CodeState>({ kind: 'loading' });
  const [email, setEmail] = useState<string | null>(null);
  const [mail, setMail] = useState<MailState>('idle');
  const first = useRef(true);

  useEffect(() => {
    installBeaconSender();
    setEmail(keptEmail(props.orderId));
    const method = methodOfPayType(props.payType);
    return pollOrder({
      query: () => api.queryOrder(props.payType, { order_id: props.orderId }),
      onStatus: (next) => {
        setStatus(next);
        if (next === 'paid') void onPaid(method);
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.orderId, props.payType]);

  // Focus follows the status (the heading is announced by the live region around it); the first
  // 'paying' keeps the page's own focus order.
  useEffect(() => {
    if (first.current && status === 'paying') return;
    first.current = false;
    headingRef.current?.focus();
  }, [status]);

  async function onPaid(method: string) {
    try {
      const answer = await api.getLicenceCode({ order_id: props.orderId });
      setCode({ kind: 'shown', code: answer.cd_key });
    } catch (error) {
      setCode({ kind: 'failed', message: error instanceof ApiError ? error.localizedMessage : t('checkout.code.failed') });
    }
    if (!firstReport(props.orderId)) return;
    try {
      const order = await api.queryOrder(props.payType, { order_id: props.orderId });
      track({ action: 'pay_result', page_id: 'checkout_result', result: 'paid', item_id: String(props.productId), pkg_type: props.kind, pay: `${method}_${order.currency}_${order.amount}` });
      reportPurchase({ transactionId: props.orderId, value: order.amount, currency: order.currency, itemId: String(props.productId), itemName: props.kind });
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

  return (
    <div className="checkout-result" data-result-status={status}>
      <div aria-live="polite" aria-atomic="false">
        <StatusView status={status} orderId={props.orderId} reason={props.reason} links={props.links} headingRef={headingRef}>
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
                  <p>{email ? t('checkout.code.sentTo', { email }) : t('checkout.code.sentToYou')}</p>
                  {email ? (
                    <p className="checkout-code-mail">
                      <button className="button button-ghost" type="button" onClick={() => void sendAgain()} aria-disabled={mail === 'sending' || undefined}>
                        {mail === 'sending' ? t('ui.forms.sending') : t('checkout.code.sendAgain')}
                      </button>
                      <span role="status">{mail === 'sent' ? t('checkout.code.sentAgain', { email }) : mail === 'failed' ? t('checkout.code.sendFailed') : ''}</span>
                    </p>
                  ) : (
                    <p>
                      <a href={props.links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
                    </p>
                  )}
                </>
              ) : null}
              {code.kind === 'failed' ? (
                <p className="form-message form-message-error">
                  {code.message} <a href={props.links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
                </p>
              ) : null}
            </div>
          ) : null}
        </StatusView>
      </div>
      {status === 'paid' ? <RecoverySteps downloadHref={props.downloadHref} mobile={props.mobile} /> : null}
    </div>
  );
}
