// The withdrawal function (docs/PRODUCT.md, Decisions, Withdrawal): email, order number and an
// optional reason; a confirmation step that shows exactly what will be sent; then the
// acknowledgement with the time the upstream received it (the same request is mailed to the buyer).
//
// Inputs are uncontrolled and stay in the DOM on every step (hidden while the summary shows), so
// nothing typed is lost going back, while sending, or when the upstream fails: the failure keeps
// the summary with a Retry button. The submit button is disabled until hydration, so the browser
// never submits the form on its own (a POST without JavaScript is answered 303 by the Worker).
import '../styles/withdraw.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../src/i18n/translator';
import { api, ApiError } from '../lib/api';
import { FORM_IDS, readFields, serverFieldErrors, validateForm, type FieldErrors } from '../../src/domain/form';
import { WITHDRAWAL_REASON_MAX, withdrawalRequestSchema, type PayStatus } from '../../src/domain/api-schemas';
import { API_ERRORS } from '../../src/domain/api-errors';
import { orderIdFromSearch } from '../../src/domain/withdrawal';
import { EmailField, FailureRegion, StatusRegion, SubmitButton, TextField, useOnlineRetry, type SubmitFailure } from '../components/form-parts';
import { TextAreaField } from '../components/feedback-fields';

export interface WithdrawFormProps {
  /** The page's own URL: where a submit without JavaScript goes (the Worker sends it back, 303). */
  action: string;
}

const FIELDS = ['email', 'order_id', 'reason'] as const;

interface Request {
  email: string;
  order_id: string;
  reason?: string;
}

interface Receipt {
  orderId: string;
  email: string;
  reference: string;
  /** Epoch seconds at which the upstream first received the request for this order. */
  receivedAt: number;
  alreadyReceived: boolean;
  payStatus: PayStatus;
}

type Step = { kind: 'edit' } | { kind: 'review'; request: Request } | { kind: 'done'; receipt: Receipt };

/** 6919992 (too frequent) is worth a retry a little later; 6919993 (try tomorrow) is not. */
const RETRY_LATER_CODES: ReadonlySet<number> = new Set([API_ERRORS.TOO_FREQUENT.code]);

/** Refusals about the order itself: shown on the order number field, which gets the focus. */
const ORDER_REFUSALS: Record<number, string> = {
  [API_ERRORS.ORDER_NOT_FOUND.code]: 'withdraw.refusals.notFound',
  [API_ERRORS.ORDER_NOT_PAID.code]: 'withdraw.refusals.notPaid',
};

function formatReceived(seconds: number, locale: string): string {
  // In the buyer's own time zone, named, so the time cannot be misread.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long' }).format(new Date(seconds * 1000));
}

/** /withdraw: withdraw from the contract of one order, or ask for its money-back refund. */
export default function WithdrawForm({ action }: WithdrawFormProps) {
  const { t, locale } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const retryWhenOnline = useOnlineRetry();
  const focusAfterRender = useRef<string | null>(null);
  const confirmRef = useRef<() => Promise<void>>(async () => {});
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'edit' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'offline'>('idle');

  useEffect(() => {
    setHydrated(true);
    // A link that knows the order (the payment result page) fills it in, unless the visitor already typed one.
    const orderId = orderIdFromSearch(location.search);
    const input = formRef.current?.elements.namedItem('order_id');
    if (orderId && input instanceof HTMLInputElement && input.value === '') input.value = orderId;
  }, []);

  // Focus follows the step: the summary's heading, the acknowledgement, or back to a field.
  useEffect(() => {
    if (step.kind === 'review') reviewHeadingRef.current?.focus();
    if (step.kind === 'done') outcomeRef.current?.focus();
    if (step.kind === 'edit' && focusAfterRender.current) {
      const element = formRef.current?.elements.namedItem(focusAfterRender.current);
      focusAfterRender.current = null;
      if (element instanceof HTMLElement) element.focus();
    }
  }, [step, errors]);

  const backToEdit = useCallback((fieldErrors: FieldErrors, focus: string) => {
    focusAfterRender.current = focus;
    setErrors(fieldErrors);
    setFailure(null);
    setStep({ kind: 'edit' });
  }, []);

  const review = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const checked = validateForm(withdrawalRequestSchema, readFields(form, FIELDS), FIELDS, t);
    if (!checked.ok) {
      backToEdit(checked.errors, FIELDS.find((field) => field in checked.errors) ?? 'email');
      return;
    }
    const { email, order_id, reason } = checked.data;
    setErrors({});
    setFailure(null);
    setStep({ kind: 'review', request: { email, order_id, ...(reason ? { reason } : {}) } });
  }, [t, backToEdit]);

  const confirm = useCallback(async () => {
    if (step.kind !== 'review' || busy.current) return;
    const { request } = step;
    setFailure(null);
    if (navigator.onLine === false) {
      // NetworkStatus promises that forms send once the connection is back: keep that promise.
      setPhase('offline');
      retryWhenOnline(() => void confirmRef.current());
      return;
    }
    busy.current = true;
    setPhase('sending');
    try {
      const answer = await api.requestWithdrawal(request);
      setStep({
        kind: 'done',
        receipt: {
          orderId: answer.order_id,
          email: request.email,
          reference: answer.request_id,
          receivedAt: answer.received_at,
          alreadyReceived: answer.already_received,
          payStatus: answer.pay_status,
        },
      });
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer = serverFieldErrors(error.fieldErrors, FIELDS, t);
        const refusal = ORDER_REFUSALS[error.code];
        if (Object.keys(fromServer).length > 0) backToEdit(fromServer, FIELDS.find((field) => field in fromServer) ?? 'email');
        else if (refusal) backToEdit({ order_id: t(refusal) }, 'order_id');
        else setFailure({ message: error.localizedMessage, retryable: error.transient || RETRY_LATER_CODES.has(error.code) });
      } else {
        console.error('withdrawal request failed', error);
        setFailure({ message: t('ui.api.unknown'), retryable: true });
      }
    } finally {
      busy.current = false;
      setPhase('idle');
    }
  }, [step, t, backToEdit]);
  useEffect(() => {
    confirmRef.current = confirm;
  }, [confirm]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (step.kind === 'edit') review();
      else if (step.kind === 'review') void confirm();
    },
    [step, review, confirm],
  );

  const onFieldInput = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const fieldsState = { phase: phase === 'sending' ? ('sending' as const) : ('idle' as const), formRef, onSubmit, errors, onFieldInput };
  const sending = phase === 'sending';
  const receipt = step.kind === 'done' ? step.receipt : null;

  return (
    <form id={FORM_IDS.withdraw} className="api-form withdraw-form" method="post" action={action} noValidate aria-busy={sending} ref={formRef} onSubmit={onSubmit}>
      <div className="withdraw-fields" hidden={step.kind !== 'edit'}>
        <p className="form-note">{t('withdraw.required')}</p>
        <EmailField id="withdraw-email" hint={t('withdraw.emailHint')} form={fieldsState} />
        <TextField
          id="withdraw-order-id"
          name="order_id"
          autoComplete="off"
          maxLength={64}
          label={t('withdraw.orderId.label')}
          hint={t('withdraw.orderId.hint')}
          error={errors['order_id']}
          onFieldInput={onFieldInput}
        />
        <TextAreaField
          id="withdraw-reason"
          name="reason"
          label={t('withdraw.reason.label')}
          optionalLabel={t('withdraw.reason.optional')}
          hint={t('withdraw.reason.hint')}
          maxLength={WITHDRAWAL_REASON_MAX}
          countLabel={(count) => t('withdraw.reason.count', { count: count.toLocaleString(locale), max: WITHDRAWAL_REASON_MAX.toLocaleString(locale) })}
          error={errors['reason']}
          onFieldInput={onFieldInput}
        />
        <SubmitButton hydrated={hydrated} sending={false} label={t('withdraw.continue')} />
      </div>

      {step.kind === 'review' ? (
        <section className="withdraw-review" aria-labelledby="withdraw-review-heading" data-step="review">
          <h2 id="withdraw-review-heading" ref={reviewHeadingRef} tabIndex={-1}>
            {t('withdraw.review.heading')}
          </h2>
          <p>{t('withdraw.review.intro', { email: step.request.email })}</p>
          <blockquote className="withdraw-statement">
            <p>{t('withdraw.review.statement', { order: step.request.order_id })}</p>
          </blockquote>
          <dl className="withdraw-summary">
            <div>
              <dt>{t('withdraw.review.email')}</dt>
              <dd>{step.request.email}</dd>
            </div>
            <div>
              <dt>{t('withdraw.review.order')}</dt>
              <dd>{step.request.order_id}</dd>
            </div>
            <div>
              <dt>{t('withdraw.review.reason')}</dt>
              <dd className="withdraw-reason-text">{step.request.reason ?? t('withdraw.review.noReason')}</dd>
            </div>
          </dl>
          <div className="withdraw-actions">
            <SubmitButton hydrated={hydrated} sending={sending} label={t('withdraw.confirm')} />
            <button className="button button-ghost" type="button" onClick={() => backToEdit({}, 'email')} disabled={sending}>
              {t('withdraw.edit')}
            </button>
          </div>
        </section>
      ) : null}

      <StatusRegion offline={phase === 'offline'}>
        {receipt ? (
          <div className="form-message form-message-success" ref={outcomeRef} tabIndex={-1} data-outcome={receipt.alreadyReceived ? 'already-received' : 'received'}>
            <p className="form-message-title">{t(receipt.alreadyReceived ? 'withdraw.done.alreadyTitle' : 'withdraw.done.title')}</p>
            <dl className="withdraw-summary">
              <div>
                <dt>{t('withdraw.done.receivedAt')}</dt>
                <dd>
                  <time dateTime={new Date(receipt.receivedAt * 1000).toISOString()}>{formatReceived(receipt.receivedAt, locale)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('withdraw.review.order')}</dt>
                <dd>{receipt.orderId}</dd>
              </div>
              <div>
                <dt>{t('withdraw.done.reference')}</dt>
                <dd>{receipt.reference}</dd>
              </div>
            </dl>
            <p>{t(receipt.alreadyReceived ? 'withdraw.done.alreadyMailed' : 'withdraw.done.mailed', { email: receipt.email })}</p>
            {receipt.payStatus === 'refunding' || receipt.payStatus === 'refunded' ? <p>{t(`withdraw.done.${receipt.payStatus}`)}</p> : <p>{t('withdraw.done.next')}</p>}
          </div>
        ) : null}
      </StatusRegion>
      <FailureRegion failure={failure} onRetry={() => void confirm()} />
    </form>
  );
}
