// The test adapter's own screens: a card form and a PayPal-like approve/cancel step,
// served by this site, so a whole purchase runs with no third-party script. Both say plainly that
// they are a test: no money moves.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../../src/i18n/translator';

export function TestModeBadge() {
  const t = useT();
  return (
    <p className="checkout-test-badge" data-test-badge>
      {t('checkout.test.badge')}
    </p>
  );
}

/** Card number, expiry and CVC, like Stripe's test form; only the number decides the outcome. */
export function TestCardForm({ busy, priceText, review, onPay }: { busy: boolean; priceText: string; review?: ReactNode; onPay: (cardNumber: string) => void }) {
  const t = useT();
  const numberRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const digits = (numberRef.current?.value ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) {
      setError(t('checkout.test.cardInvalid'));
      numberRef.current?.focus();
      return;
    }
    setError(null);
    onPay(digits);
  }

  return (
    <form className="checkout-test-card" noValidate onSubmit={submit} aria-busy={busy}>
      <TestModeBadge />
      <div className={error ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor="checkout-card-number">
          {t('checkout.test.cardNumber')}
        </label>
        <input
          ref={numberRef}
          className="field-input"
          id="checkout-card-number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-card-number-error' : undefined}
          onInput={() => setError(null)}
        />
        {error ? (
          <p className="field-error" id="checkout-card-number-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="checkout-card-row">
        <div className="field">
          <label className="field-label" htmlFor="checkout-card-expiry">
            {t('checkout.test.expiry')}
          </label>
          <input className="field-input" id="checkout-card-expiry" name="exp-date" autoComplete="cc-exp" inputMode="numeric" maxLength={7} placeholder="12 / 34" />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="checkout-card-cvc">
            {t('checkout.test.cvc')}
          </label>
          <input className="field-input" id="checkout-card-cvc" name="cvc" autoComplete="cc-csc" inputMode="numeric" maxLength={4} placeholder="123" />
        </div>
      </div>
      {/* The order summary sits directly above the button that pays for it. */}
      {review}
      <button className="button button-primary button-large checkout-pay" type="submit" aria-disabled={busy || undefined}>
        {busy ? t('checkout.form.paying') : t('checkout.form.pay', { price: priceText })}
      </button>
    </form>
  );
}

/**
 * The PayPal button and the approve/cancel step that PayPal's popup would show. Like PayPal's own
 * button it says only "Pay with PayPal", so the order summary and the obligation to pay stand
 * right above it.
 */
export function TestPaypalStep({ busy, priceText, review, obligation, onApprove, onCancel }: { busy: boolean; priceText: string; review?: ReactNode; obligation?: string; onApprove: () => void; onCancel: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const approveRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="checkout-test-paypal">
      <TestModeBadge />
      {review}
      {obligation ? (
        <p className="checkout-obligation" data-obligation>
          {obligation}
        </p>
      ) : null}
      {!open ? (
        <button
          className="button button-large checkout-paypal-button"
          type="button"
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => approveRef.current?.focus());
          }}
        >
          {t('checkout.methods.paypal.button')}
        </button>
      ) : (
        <div className="checkout-paypal-sheet" role="group" aria-labelledby="checkout-paypal-sheet-title">
          <p id="checkout-paypal-sheet-title" className="checkout-paypal-sheet-title">
            {t('checkout.test.paypalTitle')}
          </p>
          <p>{t('checkout.test.paypalText', { price: priceText })}</p>
          <div className="checkout-paypal-actions">
            <button ref={approveRef} className="button button-primary" type="button" aria-disabled={busy || undefined} onClick={() => !busy && onApprove()}>
              {busy ? t('checkout.form.paying') : t('checkout.test.paypalApprove')}
            </button>
            <button
              className="button button-ghost"
              type="button"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                onCancel();
              }}
            >
              {t('checkout.test.paypalCancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
