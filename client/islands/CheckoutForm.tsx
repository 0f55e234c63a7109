// The checkout's payment island: email and method → one upstream order per (email,
// plan, method) → the method's adapter (Stripe, PayPal, or the local test adapter when the order
// says test_mode) → the result page, whose order query alone decides whether the order is paid.
import '../styles/forms.css';
import '../styles/checkout.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../src/i18n/translator';
import { api, ApiError } from '../lib/api';
import { serverFieldErrors, validateForm } from '../../src/domain/form';
import { track, BUY_CLICK_BUSINESS_INDEX } from '../lib/tracking';
import { installBeaconSender } from '../lib/beacon';
import { payTypeOf, resultHref, type DeclineReason, type PayMethod } from '../../src/domain/checkout';
import { createOrderBook, type KeptOrder, type OrderBook } from '../lib/payments/orders';
import { createTestAdapter } from '../lib/payments/test';
import { createStripeAdapter } from '../lib/payments/stripe';
import { createPaypalAdapter } from '../lib/payments/paypal';
import type { PaymentAdapter, PaymentOutcome } from '../lib/payments/types';
import { TestCardForm, TestPaypalStep } from '../components/checkout/TestPayment';
import { OrderReview } from '../components/checkout/OrderReview';
import { tWithUserText } from '../components/UserText';
import { EmailField } from '../components/form-parts';

export interface CheckoutFormProps {
  productId: number;
  /** The plan's currency (the create call charges the upstream's price in it). */
  currency: string;
  planTitle: string;
  priceText: string;
  /** What the price includes, as the page says it beside every price ('incl. VAT', 'TTC', '税込'). */
  taxLabel: string;
  /** 'Includes €4.47 VAT (19%)' where a national VAT applies; null elsewhere. */
  taxAmount: string | null;
  /** How tax is handled, for the order review where no VAT amount is named. */
  taxNote: string;
  /** What the licence covers and for how long, for the order review. */
  coverage: string;
  /** Where a refund is asked for (the contact form's refund ticket, in this locale). */
  refundHref: string;
  /** Product kind (oneMonth…), reported as pkg_type. */
  kind: string;
  /** The result page's path in this locale (/checkout/result, /fr-FR/checkout/result…). */
  resultPath: string;
  /** The campaign and host keys to carry, as a query string. */
  carried: string;
  /** Public keys of the live providers (empty: the method is not available when an order is live). */
  stripeKey: string;
  paypalClientId: string;
  /** Which methods this page offers (the PayPal demo offers only PayPal). */
  methods: PayMethod[];
  /** Preselected method (the failure page's "use another method"). */
  method?: PayMethod | null;
  /** An order to pay again (the failure page's "Try again"), if this tab still knows it. */
  retryOrderId?: string | null;
  /** page_id of the reports. */
  pageId: string;
  /**
   * The buyer is in the EEA, the UK or Switzerland (the edge's country): paying waits until they
   * ask for immediate delivery and acknowledge losing the right of withdrawal (src/domain/withdrawal.ts).
   */
  waiver: boolean;
}

/**
 * The create call's shared zod schema, for the email. zod is most of a form page's JS, so it is
 * fetched when the buyer first focuses the email field (and awaited on Continue), not with the page.
 */
type EmailSchema = { safeParse(input: unknown): { success: true; data: { email: string } } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } };
let emailSchema: Promise<EmailSchema> | null = null;
const loadEmailSchema = () => (emailSchema ??= import('../../src/domain/api-schemas').then((m) => m.createOrderEmailSchema as unknown as EmailSchema));
const FIELDS = ['email'] as const;
const WAIVER_FIELD = 'withdrawal_waiver';
const EMAIL_KEY = 'mt-checkout-email';

type Phase = 'details' | 'creating' | 'mounting' | 'ready' | 'paying' | 'leaving';
type Notice = { kind: 'unavailable'; method: PayMethod } | { kind: 'cancelled' } | { kind: 'error'; message: string; retry: 'create' | null } | { kind: 'incomplete'; message: string } | null;

let book: OrderBook | null = null;
function orderBook(): OrderBook {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return (book ??= createOrderBook({ stripe: (p) => api.createStripeOrder(p), paypal: (p) => api.createPaypalOrder(p) }, storage));
}

function keptEmail(): string {
  try {
    return sessionStorage.getItem(EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

function providerLocale(locale: string): string {
  return locale.slice(0, 2);
}

export default function CheckoutForm(props: CheckoutFormProps) {
  const t = useT();
  const { methods } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const adapterRef = useRef<PaymentAdapter | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [method, setMethod] = useState<PayMethod>(props.method && methods.includes(props.method) ? props.method : methods[0]!);
  const [unavailable, setUnavailable] = useState<PayMethod[]>([]);
  const [phase, setPhase] = useState<Phase>('details');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [order, setOrder] = useState<KeptOrder | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The waiver box: shown when the page says so, or when the edge refuses an order without it.
  const [waiverShown, setWaiverShown] = useState(props.waiver);
  const [waivedAt, setWaivedAt] = useState<number | null>(null);
  const [waiverError, setWaiverError] = useState<string | null>(null);
  const waiverRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  const carried = new URLSearchParams(props.carried);
  const priceWithTax = t('checkout.tax.price', { price: props.priceText, label: props.taxLabel });
  // What the buyer agrees to, word for word as shown: it travels with the order and the licence mail repeats it.
  const waiverText = `${t('checkout.waiver.delivery')} ${t('checkout.waiver.loss')}`;
  const locale = typeof document === 'undefined' ? 'en-US' : document.documentElement.lang || 'en-US';

  useEffect(() => {
    setHydrated(true);
    installBeaconSender();
    const input = formRef.current?.elements.namedItem('email');
    // A cancelled PayPal step, a reload or the failure page's "Try again": the email is still there.
    if (input instanceof HTMLInputElement && !input.value) input.value = keptEmail();
    if (props.retryOrderId) {
      const kept = orderBook().byId(props.retryOrderId);
      if (kept && kept.productId === props.productId && methods.includes(kept.method)) {
        if (input instanceof HTMLInputElement) input.value = kept.email;
        setMethod(kept.method);
        if (kept.waiverAt) setWaivedAt(kept.waiverAt);
        void startPayment(kept);
      }
    }
    return () => adapterRef.current?.destroy();
    // Runs once: the retry order is read when the island starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const goToResult = useCallback(
    (kept: KeptOrder, reason: DeclineReason | null) => {
      setPhase('leaving');
      location.assign(resultHref(props.resultPath, { orderId: kept.orderId, payType: payTypeOf(kept.method), productId: props.productId, reason }, carried));
    },
    // carried is rebuilt from the same string every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.resultPath, props.productId, props.carried],
  );

  const handleOutcome = useCallback(
    (kept: KeptOrder, outcome: PaymentOutcome) => {
      switch (outcome.kind) {
        case 'paid':
        case 'processing':
          return goToResult(kept, null);
        case 'declined':
          return goToResult(kept, outcome.reason === 'other' ? 'card_declined' : outcome.reason);
        case 'cancelled':
          setPhase('ready');
          return setNotice({ kind: 'cancelled' });
        case 'incomplete':
          setPhase('ready');
          return setNotice({ kind: 'incomplete', message: outcome.message });
        case 'unavailable':
        case 'load_failed':
          return markUnavailable(kept.method);
        case 'error':
          setPhase('ready');
          return setNotice({ kind: 'error', message: outcome.message, retry: null });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [goToResult],
  );

  function markUnavailable(unusable: PayMethod) {
    adapterRef.current?.destroy();
    adapterRef.current = null;
    setUnavailable((list) => (list.includes(unusable) ? list : [...list, unusable]));
    const other = methods.find((m) => m !== unusable);
    if (other) setMethod(other);
    setOrder(null);
    setPhase('details');
    setNotice({ kind: 'unavailable', method: unusable });
  }

  function adapterFor(kept: KeptOrder): PaymentAdapter {
    if (kept.testMode) {
      return createTestAdapter({
        method: kept.method,
        confirm: (request) => api.confirmTestPayment(request),
        messages: { invalidCard: t('checkout.test.cardInvalid'), failed: t('checkout.errors.payFailed') },
      });
    }
    return kept.method === 'paypal'
      ? createPaypalAdapter({ clientId: props.paypalClientId, siteLocale: locale, fallbackMessage: t('checkout.errors.payFailed') })
      : createStripeAdapter({ publishableKey: props.stripeKey, fallbackMessage: t('checkout.errors.payFailed') });
  }

  async function startPayment(kept: KeptOrder) {
    adapterRef.current?.destroy();
    setOrder(kept);
    setPhase('mounting');
    // Wait a frame so the provider's container is in the DOM.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const adapter = adapterFor(kept);
    adapterRef.current = adapter;
    const mounted = await adapter.mount(kept, {
      container: containerRef.current,
      locale: providerLocale(locale),
      returnUrl: new URL(resultHref(props.resultPath, { orderId: kept.orderId, payType: payTypeOf(kept.method), productId: props.productId }, carried), location.href).href,
      onOutcome: (outcome) => handleOutcome(kept, outcome),
    });
    if (adapterRef.current !== adapter) return;
    if (!mounted.ok) return markUnavailable(kept.method);
    setPhase('ready');
    // The result page comes next: have its island's code in the HTTP cache before Pay is pressed.
    void import('./CheckoutResult').catch(() => undefined);
  }

  /** Blocks paying until the waiver is ticked: the message is read at the box and focus moves to it. */
  function refuseWithoutWaiver(message: string) {
    setWaiverShown(true);
    setWaiverError(message);
    requestAnimationFrame(() => waiverRef.current?.focus());
  }

  async function onContinue(event?: FormEvent) {
    event?.preventDefault();
    const form = formRef.current;
    if (!form || busy.current) return;
    const email = (form.elements.namedItem('email') as HTMLInputElement | null)?.value ?? '';
    let schema: EmailSchema;
    try {
      schema = await loadEmailSchema();
    } catch {
      // The chunk could not load (offline, a new deploy): the proxy checks with the same schema.
      schema = { safeParse: (input: unknown) => ({ success: true, data: input }) } as unknown as EmailSchema;
    }
    const checked = validateForm(schema, { email }, FIELDS, t);
    if (!checked.ok) {
      setEmailError(checked.errors['email'] ?? t('ui.forms.errors.emailInvalid'));
      (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    setEmailError(null);
    if (waiverShown && waivedAt === null) return refuseWithoutWaiver(t('checkout.waiver.required'));
    setNotice(null);
    try {
      sessionStorage.setItem(EMAIL_KEY, email.trim());
    } catch {
      /* the input keeps it anyway */
    }
    busy.current = true;
    setPhase('creating');
    try {
      const waiver = waiverShown && waivedAt !== null ? { accepted: true as const, accepted_at: waivedAt, text: waiverText } : undefined;
      const kept = await orderBook().obtain({ email: checked.data.email, productId: props.productId, currency: props.currency, method, waiver });
      await startPayment(kept);
    } catch (error) {
      setPhase('details');
      const fieldErrors = error instanceof ApiError ? serverFieldErrors(error.fieldErrors ?? [], [...FIELDS, WAIVER_FIELD], t) : {};
      const fromServer = fieldErrors['email'];
      if (fieldErrors[WAIVER_FIELD]) {
        // The edge places the buyer in the EEA, the UK or Switzerland: the box must be ticked first.
        setWaivedAt(null);
        refuseWithoutWaiver(fieldErrors[WAIVER_FIELD]);
      } else if (fromServer) {
        // The edge's own words for what is wrong (too long is not invalid), in the page's language.
        setEmailError(fromServer);
      } else {
        setNotice({ kind: 'error', message: error instanceof ApiError ? error.localizedMessage : t('checkout.errors.createFailed'), retry: 'create' });
      }
    } finally {
      busy.current = false;
    }
  }

  async function pay(cardNumber?: string) {
    const adapter = adapterRef.current;
    if (!adapter || !order || busy.current) return;
    busy.current = true;
    setNotice(null);
    setPhase('paying');
    // Reports never hold the payment up: the click report's failure is not the buyer's problem.
    void api.reportPaymentClick({ order_id: order.orderId }).catch(() => undefined);
    track({ action: 'pay_click', business_index: BUY_CLICK_BUSINESS_INDEX, page_id: props.pageId, btn_id: `pay_${order.method}`, item_id: String(props.productId), pkg_type: props.kind, pay: `${order.method}_${order.currency}_${order.amount}` });
    try {
      handleOutcome(order, await adapter.confirm({ cardNumber }));
    } finally {
      busy.current = false;
    }
  }

  function backToDetails() {
    adapterRef.current?.destroy();
    adapterRef.current = null;
    setOrder(null);
    setNotice(null);
    setPhase('details');
  }

  const inPayment = order !== null && phase !== 'details' && phase !== 'creating';
  const paypalObligation = t('checkout.review.paypalObligation', { price: props.priceText });

  /** The order as it will be charged, right above the button that pays for it. */
  function reviewOf(kept: KeptOrder) {
    return (
      <OrderReview
        planTitle={props.planTitle}
        coverage={props.coverage}
        totalText={priceWithTax}
        taxText={props.taxAmount ?? props.taxNote}
        method={kept.method}
        email={kept.email}
        refundHref={props.refundHref}
        waived={kept.waiverAt !== undefined}
      />
    );
  }
  const usable = methods.filter((m) => !unavailable.includes(m));

  return (
    <div className="checkout-form" data-phase={phase} data-method={method} data-test-mode={order?.testMode ? 'true' : undefined}>
      <form ref={formRef} className="api-form" noValidate onSubmit={(e) => void onContinue(e)} aria-busy={phase === 'creating'}>
        <fieldset className="checkout-fieldset" disabled={inPayment}>
          <legend className="checkout-legend">{t('checkout.form.detailsHeading')}</legend>
          <EmailField
            id="checkout-email"
            hint={t('checkout.form.emailHint')}
            form={{ errors: emailError ? { email: emailError } : {}, onFieldInput: () => setEmailError(null) }}
            onFocus={() => void loadEmailSchema().catch(() => undefined)}
          />
          {methods.length > 1 ? (
            <div className="checkout-methods" role="radiogroup" aria-label={t('checkout.form.methodHeading')}>
              <p className="field-label" aria-hidden="true">
                {t('checkout.form.methodHeading')}
              </p>
              {methods.map((m) => (
                <label key={m} className="checkout-method" data-method-option={m} data-unavailable={unavailable.includes(m) || undefined}>
                  <input type="radio" name="method" value={m} checked={method === m} disabled={unavailable.includes(m)} onChange={() => setMethod(m)} />
                  <span className="checkout-method-name">{t(`checkout.methods.${m}.name`)}</span>
                  <span className="checkout-method-note">{t(`checkout.methods.${m}.note`)}</span>
                </label>
              ))}
            </div>
          ) : null}
          {waiverShown ? (
            <div className={waiverError ? 'field checkout-waiver field-invalid' : 'field checkout-waiver'} role="group" aria-labelledby="checkout-waiver-heading" data-waiver>
              <p className="field-label" id="checkout-waiver-heading">
                {t('checkout.waiver.heading')}
              </p>
              <div className="checkout-waiver-row">
                <input
                  ref={waiverRef}
                  type="checkbox"
                  id="checkout-waiver"
                  name={WAIVER_FIELD}
                  checked={waivedAt !== null}
                  required
                  aria-invalid={waiverError ? true : undefined}
                  aria-describedby={waiverError ? 'checkout-waiver-error checkout-waiver-hint' : 'checkout-waiver-hint'}
                  onChange={(e) => {
                    setWaivedAt(e.currentTarget.checked ? Math.floor(Date.now() / 1000) : null);
                    setWaiverError(null);
                  }}
                />
                <label htmlFor="checkout-waiver" className="checkout-waiver-label">
                  <span data-waiver-statement="delivery">{t('checkout.waiver.delivery')}</span> <span data-waiver-statement="loss">{t('checkout.waiver.loss')}</span>
                </label>
              </div>
              {waiverError ? (
                <p className="field-error" id="checkout-waiver-error">
                  {waiverError}
                </p>
              ) : null}
              <p className="field-hint" id="checkout-waiver-hint">
                {t('checkout.waiver.hint')}
              </p>
            </div>
          ) : null}
          {!inPayment ? (
            <button className="button button-primary button-large checkout-continue" type="submit" disabled={!hydrated || usable.length === 0} aria-disabled={phase === 'creating' || undefined}>
              {phase === 'creating' ? t('checkout.form.creating') : t('checkout.form.continue', { price: priceWithTax })}
            </button>
          ) : null}
        </fieldset>
      </form>

      {inPayment && order ? (
        <section className="checkout-payment" aria-labelledby="checkout-payment-title">
          <h3 id="checkout-payment-title">{t(`checkout.methods.${order.method}.payHeading`)}</h3>
          <p className="checkout-payment-for">{tWithUserText(t, 'checkout.form.payingFor', { email: order.email }, { plan: props.planTitle, price: priceWithTax })}</p>
          {order.testMode ? (
            order.method === 'stripe' ? (
              <TestCardForm busy={phase === 'paying' || phase === 'leaving'} priceText={props.priceText} review={reviewOf(order)} onPay={(card) => void pay(card)} />
            ) : (
              <TestPaypalStep busy={phase === 'paying' || phase === 'leaving'} priceText={props.priceText} review={reviewOf(order)} obligation={paypalObligation} onApprove={() => void pay()} onCancel={() => adapterRef.current?.cancel?.()} />
            )
          ) : order.method === 'stripe' ? (
            <>
              <div ref={containerRef} className="checkout-provider" data-provider={order.method} />
              {phase !== 'mounting' ? (
                <>
                  {reviewOf(order)}
                  <button className="button button-primary button-large checkout-pay" type="button" onClick={() => void pay()} aria-disabled={phase === 'paying' || phase === 'leaving' || undefined}>
                    {phase === 'paying' ? t('checkout.form.paying') : t('checkout.form.pay', { price: props.priceText })}
                  </button>
                </>
              ) : null}
            </>
          ) : (
            <>
              {/* PayPal's own button cannot say what it does: the order summary and the obligation to pay are said right above it. */}
              {reviewOf(order)}
              <p className="checkout-obligation" data-obligation>
                {paypalObligation}
              </p>
              <div ref={containerRef} className="checkout-provider" data-provider={order.method} />
            </>
          )}
          {phase === 'mounting' ? <p className="checkout-loading">{t('checkout.form.loadingMethod')}</p> : null}
          <button className="button-link checkout-back" type="button" onClick={backToDetails} disabled={phase === 'paying' || phase === 'leaving'}>
            {t('checkout.form.changeDetails')}
          </button>
        </section>
      ) : null}

      <div className="checkout-notice-region" role="alert">
        {notice ? (
          <div ref={noticeRef} tabIndex={-1} className={`form-message ${notice.kind === 'cancelled' ? 'form-message-info' : 'form-message-error'}`} data-notice={notice.kind}>
            {notice.kind === 'unavailable' ? <p className="form-message-title">{t('checkout.errors.unavailable')}</p> : null}
            {notice.kind === 'cancelled' ? <p className="form-message-title">{t('checkout.errors.cancelled')}</p> : null}
            {notice.kind === 'incomplete' ? <p className="form-message-title">{notice.message}</p> : null}
            {notice.kind === 'error' ? (
              <>
                <p className="form-message-title">{notice.message}</p>
                <p>{t('checkout.errors.nothingCharged')}</p>
                {notice.retry ? (
                  <button className="button button-ghost form-retry" type="button" onClick={() => void onContinue()}>
                    {t('ui.forms.retry')}
                  </button>
                ) : null}
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
