// One interface for every way to pay: Stripe's Payment Element, PayPal's buttons and
// the local test adapter, so the checkout island never knows which one it drives.
//
// An adapter's answer is never "the order is paid": only the upstream order query says that. A
// provider's success ('paid', 'processing', 'approved') means "go to the result page and poll".
import type { PayMethod } from '../../../src/domain/checkout';

/** The order the upstream created for (email, plan, method), as the adapter needs it. */
export interface PaymentOrder {
  orderId: string;
  method: PayMethod;
  clientSecret: string;
  /** PayPal's order id (create answer `paypal_order_id`), for the buttons' createOrder. */
  paypalOrderId?: string;
  currency: string;
  amount: number;
  email: string;
  testMode: boolean;
}

export type PaymentOutcome =
  /** The provider says the money moved (Stripe 'succeeded', PayPal approved, a 4242 test card). */
  | { kind: 'paid' }
  /** Accepted, not settled yet (Stripe 'processing'). */
  | { kind: 'processing' }
  /** Refused: the reason is shown, the same order can be tried again. */
  | { kind: 'declined'; reason: DeclineCode; message: string }
  /** The visitor closed the provider's step; nothing happened. */
  | { kind: 'cancelled' }
  /** Fields are missing or wrong (nothing was sent to the provider): fix and press Pay again. */
  | { kind: 'incomplete'; message: string }
  /** This device or browser cannot use the method. */
  | { kind: 'unavailable' }
  /** The provider's script could not be loaded. */
  | { kind: 'load_failed' }
  /** Anything else (network, provider error): retry is offered. */
  | { kind: 'error'; message: string };

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'other';

/** The outcomes after which the result page takes over (and the order query decides). */
export function goesToResult(outcome: PaymentOutcome): boolean {
  return outcome.kind === 'paid' || outcome.kind === 'processing' || outcome.kind === 'declined';
}

export type MountStatus = { ok: true } | { ok: false; reason: 'unavailable' | 'load_failed' };

export interface MountOptions {
  /** Where the provider's UI goes (Stripe's Payment Element, PayPal's buttons). */
  container: HTMLElement | null;
  /** The page's language for the provider UI ('en', 'fr', 'ja', 'zh'). */
  locale: string;
  /** Where Stripe sends the visitor back after a redirect (3-D Secure, wallets): the result page. */
  returnUrl: string;
  /** Outcomes the provider reports on its own (PayPal's approve, cancel and error callbacks). */
  onOutcome: (outcome: PaymentOutcome) => void;
}

/** What the test adapter needs from the visitor: the card number typed into its form. */
export interface ConfirmInput {
  cardNumber?: string;
}

export interface PaymentAdapter {
  readonly kind: 'stripe' | 'paypal' | 'test';
  readonly method: PayMethod;
  /** Loads what the method needs and shows it; says when the method cannot be used here. */
  mount(order: PaymentOrder, options: MountOptions): Promise<MountStatus>;
  /** Pay now (Stripe and the test card form; PayPal confirms through its own buttons). */
  confirm(input?: ConfirmInput): Promise<PaymentOutcome>;
  /** The visitor closed the provider step (the test PayPal step's Cancel). */
  cancel?(): void;
  destroy(): void;
}
