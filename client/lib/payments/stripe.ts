// Stripe: the Payment Element (cards, and Apple Pay / Google Pay where the device has them),
// mounted from the server-created order's client secret and confirmed with
// confirmPayment({redirect: 'if_required'}). Stripe.js loads only here, only in live mode, from
// js.stripe.com/v3 with the page's nonce. Card data goes from the Element's iframe to Stripe,
// never through this site.
import type { DeclineCode, MountOptions, MountStatus, PaymentAdapter, PaymentOrder, PaymentOutcome } from './types';
import { loadScript, STRIPE_JS_URL } from './load-script';

/** The part of Stripe.js the checkout uses (typed here: @stripe/stripe-js is not a dependency). */
export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}
export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  on(event: 'loaderror', handler: () => void): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
}
export interface StripeInstance {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string; receipt_email?: string };
    redirect: 'if_required';
  }): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
}
export type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

/** Loads Stripe.js and returns its global factory. */
export async function loadStripeJs(): Promise<StripeFactory> {
  await loadScript(STRIPE_JS_URL);
  const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (typeof factory !== 'function') throw new Error('Stripe.js loaded without window.Stripe');
  return factory;
}

const DECLINE_CODES: Record<string, DeclineCode> = {
  card_declined: 'card_declined',
  generic_decline: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
};

/** What a Stripe answer means for the checkout. */
export function stripeOutcome(answer: { error?: StripeError; paymentIntent?: { status: string } }, fallbackMessage: string): PaymentOutcome {
  const { error, paymentIntent } = answer;
  if (error) {
    const message = error.message || fallbackMessage;
    if (error.type === 'card_error') return { kind: 'declined', reason: DECLINE_CODES[error.decline_code ?? error.code ?? ''] ?? 'other', message };
    if (error.type === 'validation_error') return { kind: 'incomplete', message };
    return { kind: 'error', message };
  }
  switch (paymentIntent?.status) {
    case 'succeeded':
      return { kind: 'paid' };
    case 'processing':
    case 'requires_capture':
      return { kind: 'processing' };
    case 'requires_payment_method':
      return { kind: 'declined', reason: 'other', message: fallbackMessage };
    default:
      // requires_action that Stripe did not handle, canceled, or no intent at all.
      return { kind: 'error', message: fallbackMessage };
  }
}

export interface StripeAdapterOptions {
  publishableKey: string;
  /** Replaced by a fake in unit tests. */
  load?: () => Promise<StripeFactory>;
  /** Shown when Stripe gives no message of its own. */
  fallbackMessage: string;
}

export function createStripeAdapter({ publishableKey, load = loadStripeJs, fallbackMessage }: StripeAdapterOptions): PaymentAdapter {
  let stripe: StripeInstance | null = null;
  let elements: StripeElements | null = null;
  let element: StripePaymentElement | null = null;
  let current: { order: PaymentOrder; options: MountOptions } | null = null;

  return {
    kind: 'stripe',
    method: 'stripe',
    async mount(order, options): Promise<MountStatus> {
      if (!publishableKey || !options.container) return { ok: false, reason: 'unavailable' };
      let factory: StripeFactory;
      try {
        factory = await load();
      } catch {
        return { ok: false, reason: 'load_failed' };
      }
      try {
        stripe = factory(publishableKey, { locale: options.locale });
        elements = stripe.elements({ clientSecret: order.clientSecret, locale: options.locale });
        element = elements.create('payment', { layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } });
        element.on('loaderror', () => options.onOutcome({ kind: 'unavailable' }));
        element.mount(options.container);
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      current = { order, options };
      return { ok: true };
    },
    async confirm(): Promise<PaymentOutcome> {
      if (!stripe || !elements || !current) return { kind: 'unavailable' };
      try {
        const answer = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: current.options.returnUrl, receipt_email: current.order.email },
          redirect: 'if_required',
        });
        return stripeOutcome(answer, fallbackMessage);
      } catch {
        return { kind: 'error', message: fallbackMessage };
      }
    },
    destroy() {
      element?.destroy();
      element = null;
      elements = null;
      stripe = null;
      current = null;
    },
  };
}
