// The local test adapter: used whenever the create answer says `test_mode` (everywhere
// but production). It requests no third-party script: the checkout island renders a card form
// (Stripe) or a PayPal-like approve/cancel step, and this adapter confirms through the site's
// /api/test-payments/confirm, where the reference origin treats test cards as Stripe does
// (4242… paid, 4000 0000 0000 0002 declined, 4000 0000 0000 9995 insufficient funds).
import type { PayMethod } from '../../../src/domain/checkout';
import type { TestPaymentConfirmData, TestPaymentConfirmRequest } from '../../../src/domain/api-schemas';
import type { ConfirmInput, DeclineCode, MountOptions, MountStatus, PaymentAdapter, PaymentOrder, PaymentOutcome } from './types';

/** The card a PayPal test approval pays with: PayPal's balance always covers it. */
export const TEST_PAYPAL_CARD = '4242424242424242';

/** The error shape the adapter reads (the API client's ApiError has it). */
interface ConfirmError {
  code: number;
  localizedMessage: string;
  body?: unknown;
}

export interface TestAdapterOptions {
  method: PayMethod;
  confirm: (request: TestPaymentConfirmRequest) => Promise<TestPaymentConfirmData>;
  /** Messages the adapter needs in the page's language. */
  messages: { invalidCard: string; failed: string };
}

const DECLINED = 4590008;
const INSUFFICIENT = 4590009;
const STATE_CONFLICT = 4590011;

function declineCode(body: unknown): DeclineCode {
  const code = (body as { decline_code?: unknown } | null)?.decline_code;
  return code === 'insufficient_funds' || code === 'expired_card' || code === 'incorrect_cvc' || code === 'card_declined' ? code : 'card_declined';
}

function isConfirmError(error: unknown): error is ConfirmError {
  return typeof error === 'object' && error !== null && typeof (error as ConfirmError).code === 'number';
}

export function createTestAdapter({ method, confirm, messages }: TestAdapterOptions): PaymentAdapter {
  let order: PaymentOrder | null = null;
  let options: MountOptions | null = null;

  return {
    kind: 'test',
    method,
    async mount(next, mountOptions): Promise<MountStatus> {
      order = next;
      options = mountOptions;
      return { ok: true };
    },
    async confirm(input: ConfirmInput = {}): Promise<PaymentOutcome> {
      if (!order) return { kind: 'unavailable' };
      const cardNumber = (method === 'paypal' ? TEST_PAYPAL_CARD : (input.cardNumber ?? '')).replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(cardNumber)) return { kind: 'incomplete', message: messages.invalidCard };
      try {
        const answer = await confirm({ order_id: order.orderId, client_secret: order.clientSecret, card_number: cardNumber });
        return answer.pay_status === 'paid' ? { kind: 'paid' } : { kind: 'processing' };
      } catch (error) {
        if (!isConfirmError(error)) return { kind: 'error', message: messages.failed };
        if (error.code === DECLINED) return { kind: 'declined', reason: declineCode(error.body), message: error.localizedMessage };
        if (error.code === INSUFFICIENT) return { kind: 'declined', reason: 'insufficient_funds', message: error.localizedMessage };
        // Already paid (a second tab, a double press): the result page shows what the order is.
        if (error.code === STATE_CONFLICT) return { kind: 'processing' };
        return { kind: 'error', message: error.localizedMessage || messages.failed };
      }
    },
    cancel() {
      options?.onOutcome({ kind: 'cancelled' });
    },
    destroy() {
      order = null;
      options = null;
    },
  };
}
