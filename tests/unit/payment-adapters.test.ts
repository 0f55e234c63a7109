import { describe, expect, it, vi } from 'vitest';
import { createStripeAdapter, type StripeFactory, type StripeInstance } from '../../client/lib/payments/stripe';
import { createPaypalAdapter, paypalSdkUrl, type PaypalButtonsOptions, type PaypalNamespace } from '../../client/lib/payments/paypal';
import { createTestAdapter, TEST_PAYPAL_CARD } from '../../client/lib/payments/test';
import type { MountOptions, PaymentOrder, PaymentOutcome } from '../../client/lib/payments/types';

// Each adapter against a fake provider object: every outcome the checkout handles.

const order: PaymentOrder = { orderId: 'MTORDER0000000001', method: 'stripe', clientSecret: 'pi_1_secret_2', paypalOrderId: 'PP-1', currency: 'USD', amount: 2999, email: 'a@example.com', testMode: false };
const container = {} as HTMLElement;

function mountOptions(outcomes: PaymentOutcome[] = []): MountOptions {
  return { container, locale: 'en', returnUrl: 'https://site.test/checkout/result?order_id=MTORDER0000000001', onOutcome: (o) => outcomes.push(o) };
}

/** A Stripe.js stand-in whose confirmPayment answers `answer`. */
function fakeStripe(answer: Awaited<ReturnType<StripeInstance['confirmPayment']>> | Error) {
  const calls = { elements: [] as unknown[], confirm: [] as unknown[], mounted: 0, loaderror: null as null | (() => void), destroyed: 0 };
  const stripe: StripeInstance = {
    elements: (options) => {
      calls.elements.push(options);
      return {
        create: () => ({
          mount: () => void calls.mounted++,
          on: (_event, handler) => void (calls.loaderror = handler),
          destroy: () => void calls.destroyed++,
        }),
      };
    },
    confirmPayment: async (options) => {
      calls.confirm.push(options);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const factory: StripeFactory = vi.fn(() => stripe);
  return { factory, calls };
}

describe('the Stripe adapter', () => {
  async function confirmWith(answer: Parameters<typeof fakeStripe>[0]) {
    const { factory, calls } = fakeStripe(answer);
    const adapter = createStripeAdapter({ publishableKey: 'pk_test_1', load: async () => factory, fallbackMessage: 'fallback' });
    expect(await adapter.mount(order, mountOptions())).toEqual({ ok: true });
    return { outcome: await adapter.confirm(), calls, factory };
  }

  it('mounts the Payment Element from the order client secret and confirms with redirect if_required', async () => {
    const { outcome, calls, factory } = await confirmWith({ paymentIntent: { status: 'succeeded' } });
    expect(outcome).toEqual({ kind: 'paid' });
    expect(factory).toHaveBeenCalledWith('pk_test_1', { locale: 'en' });
    expect(calls.elements).toEqual([{ clientSecret: 'pi_1_secret_2', locale: 'en' }]);
    expect(calls.mounted).toBe(1);
    expect(calls.confirm[0]).toMatchObject({ redirect: 'if_required', confirmParams: { return_url: mountOptions().returnUrl, receipt_email: 'a@example.com' } });
  });

  it('reports processing', async () => {
    expect((await confirmWith({ paymentIntent: { status: 'processing' } })).outcome).toEqual({ kind: 'processing' });
  });

  it('reports a decline with Stripe message and reason', async () => {
    const { outcome } = await confirmWith({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect(outcome).toEqual({ kind: 'declined', reason: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('reports incomplete fields without a decline', async () => {
    expect((await confirmWith({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } })).outcome).toEqual({ kind: 'incomplete', message: 'Your card number is incomplete.' });
  });

  it('reports a provider or network failure as an error', async () => {
    expect((await confirmWith(new Error('network'))).outcome).toEqual({ kind: 'error', message: 'fallback' });
    expect((await confirmWith({ error: { type: 'api_error' } })).outcome).toEqual({ kind: 'error', message: 'fallback' });
  });

  it('is unavailable without a publishable key, and says so when the Element cannot load', async () => {
    const none = createStripeAdapter({ publishableKey: '', load: async () => fakeStripe({}).factory, fallbackMessage: 'x' });
    expect(await none.mount(order, mountOptions())).toEqual({ ok: false, reason: 'unavailable' });
    const { factory, calls } = fakeStripe({});
    const outcomes: PaymentOutcome[] = [];
    const adapter = createStripeAdapter({ publishableKey: 'pk', load: async () => factory, fallbackMessage: 'x' });
    await adapter.mount(order, mountOptions(outcomes));
    calls.loaderror!();
    expect(outcomes).toEqual([{ kind: 'unavailable' }]);
  });

  it('says when Stripe.js failed to load', async () => {
    const adapter = createStripeAdapter({ publishableKey: 'pk', load: () => Promise.reject(new Error('blocked')), fallbackMessage: 'x' });
    expect(await adapter.mount(order, mountOptions())).toEqual({ ok: false, reason: 'load_failed' });
    expect(await adapter.confirm()).toEqual({ kind: 'unavailable' });
  });
});

describe('the PayPal adapter', () => {
  function fakePaypal({ eligible = true, renderFails = false } = {}) {
    const state: { options: PaypalButtonsOptions | null; rendered: number; src: string } = { options: null, rendered: 0, src: '' };
    const paypal: PaypalNamespace = {
      Buttons: (options) => {
        state.options = options;
        return { isEligible: () => eligible, render: async () => (renderFails ? Promise.reject(new Error('x')) : void state.rendered++) };
      },
    };
    const load = async (src: string) => {
      state.src = src;
      return paypal;
    };
    return { load, state };
  }
  const paypalOrder = { ...order, method: 'paypal' as const };

  it('renders the buttons with the upstream PayPal order and reports approve, cancel and error', async () => {
    const { load, state } = fakePaypal();
    const outcomes: PaymentOutcome[] = [];
    const adapter = createPaypalAdapter({ clientId: 'client-1', siteLocale: 'fr-FR', load, fallbackMessage: 'failed' });
    expect(await adapter.mount(paypalOrder, mountOptions(outcomes))).toEqual({ ok: true });
    expect(state.src).toBe(paypalSdkUrl('client-1', 'USD', 'fr-FR'));
    expect(state.src).toMatch(/^https:\/\/www\.paypal\.com\/sdk\/js\?client-id=client-1&currency=USD&intent=capture&components=buttons&locale=fr_FR$/);
    expect(state.rendered).toBe(1);
    expect(await state.options!.createOrder()).toBe('PP-1');
    await state.options!.onApprove();
    state.options!.onCancel();
    state.options!.onError(new Error('popup closed by PayPal'));
    expect(outcomes).toEqual([{ kind: 'paid' }, { kind: 'cancelled' }, { kind: 'error', message: 'failed' }]);
  });

  it('is unavailable when PayPal says the device is not eligible or rendering fails, or without a client id', async () => {
    const notEligible = createPaypalAdapter({ clientId: 'c', siteLocale: 'en-US', load: fakePaypal({ eligible: false }).load, fallbackMessage: 'x' });
    expect(await notEligible.mount(paypalOrder, mountOptions())).toEqual({ ok: false, reason: 'unavailable' });
    const broken = createPaypalAdapter({ clientId: 'c', siteLocale: 'en-US', load: fakePaypal({ renderFails: true }).load, fallbackMessage: 'x' });
    expect(await broken.mount(paypalOrder, mountOptions())).toEqual({ ok: false, reason: 'unavailable' });
    const noClient = createPaypalAdapter({ clientId: '', siteLocale: 'en-US', load: fakePaypal().load, fallbackMessage: 'x' });
    expect(await noClient.mount(paypalOrder, mountOptions())).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('says when the SDK failed to load', async () => {
    const adapter = createPaypalAdapter({ clientId: 'c', siteLocale: 'en-US', load: () => Promise.reject(new Error('blocked')), fallbackMessage: 'x' });
    expect(await adapter.mount(paypalOrder, mountOptions())).toEqual({ ok: false, reason: 'load_failed' });
  });
});

describe('the test adapter', () => {
  const messages = { invalidCard: 'Enter a card number', failed: 'failed' };
  const apiError = (code: number, localizedMessage: string, body: unknown = null) => Object.assign(new Error(localizedMessage), { code, localizedMessage, body });

  async function confirmCard(cardNumber: string, confirm: Parameters<typeof createTestAdapter>[0]['confirm'], method: 'stripe' | 'paypal' = 'stripe') {
    const adapter = createTestAdapter({ method, confirm, messages });
    await adapter.mount({ ...order, testMode: true, method }, mountOptions());
    return adapter.confirm({ cardNumber });
  }

  it('confirms through the origin test endpoint with the order secret: 4242 is paid', async () => {
    const confirm = vi.fn(async () => ({ order_id: order.orderId, pay_status: 'paid' as const }));
    expect(await confirmCard('4242 4242 4242 4242', confirm)).toEqual({ kind: 'paid' });
    expect(confirm).toHaveBeenCalledWith({ order_id: order.orderId, client_secret: order.clientSecret, card_number: '4242424242424242' });
  });

  it('reports declined and insufficient funds with the localized message', async () => {
    expect(await confirmCard('4000000000000002', async () => Promise.reject(apiError(4590008, 'Your card was declined.', { decline_code: 'card_declined' })))).toEqual({
      kind: 'declined',
      reason: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await confirmCard('4000000000009995', async () => Promise.reject(apiError(4590009, 'Insufficient funds.')))).toEqual({ kind: 'declined', reason: 'insufficient_funds', message: 'Insufficient funds.' });
  });

  it('refuses a malformed card number before calling anything', async () => {
    const confirm = vi.fn();
    expect(await confirmCard('4242', confirm)).toEqual({ kind: 'incomplete', message: 'Enter a card number' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('treats an order already paid as processing (the result page decides) and a network failure as an error', async () => {
    expect(await confirmCard('4242424242424242', async () => Promise.reject(apiError(4590011, 'conflict')))).toEqual({ kind: 'processing' });
    expect(await confirmCard('4242424242424242', async () => Promise.reject(apiError(5900001, 'offline')))).toEqual({ kind: 'error', message: 'offline' });
  });

  it('approves a PayPal test payment with the test balance, and cancels without a call', async () => {
    const confirm = vi.fn(async () => ({ order_id: order.orderId, pay_status: 'paid' as const }));
    expect(await confirmCard('', confirm, 'paypal')).toEqual({ kind: 'paid' });
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ card_number: TEST_PAYPAL_CARD }));
    const outcomes: PaymentOutcome[] = [];
    const adapter = createTestAdapter({ method: 'paypal', confirm, messages });
    await adapter.mount({ ...order, method: 'paypal', testMode: true }, mountOptions(outcomes));
    adapter.cancel!();
    expect(outcomes).toEqual([{ kind: 'cancelled' }]);
  });

  it('is unavailable before it is mounted', async () => {
    expect(await createTestAdapter({ method: 'stripe', confirm: vi.fn(), messages }).confirm({ cardNumber: '4242424242424242' })).toEqual({ kind: 'unavailable' });
  });
});
