// PayPal: the JS SDK's buttons. createOrder hands PayPal the order the upstream created
// (`paypal_order_id`); onApprove sends the visitor to the result page, where the upstream order
// query decides; onCancel leaves them on the checkout with everything kept; onError is a failure.
// The SDK loads only in live mode, from www.paypal.com/sdk/js with the page's nonce (also given
// to PayPal as data-csp-nonce for the styles it injects).
import type { MountOptions, MountStatus, PaymentAdapter, PaymentOutcome } from './types';
import { loadScript, pageNonce, PAYPAL_SDK_URL } from './load-script';

export interface PaypalButtonsOptions {
  createOrder: () => Promise<string> | string;
  onApprove: () => Promise<void> | void;
  onCancel: () => void;
  onError: (error: unknown) => void;
  style?: Record<string, unknown>;
}
export interface PaypalButtons {
  isEligible(): boolean;
  render(target: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}
export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): PaypalButtons;
}

/** The SDK URL for a client id, currency and locale (PayPal wants en_US, fr_FR…). */
export function paypalSdkUrl(clientId: string, currency: string, locale: string): string {
  const params = new URLSearchParams({ 'client-id': clientId, currency, intent: 'capture', components: 'buttons', locale: locale.replace('-', '_') });
  return `${PAYPAL_SDK_URL}?${params}`;
}

export async function loadPaypalSdk(src: string): Promise<PaypalNamespace> {
  await loadScript(src, { 'data-csp-nonce': pageNonce() });
  const paypal = (window as unknown as { paypal?: PaypalNamespace }).paypal;
  if (!paypal || typeof paypal.Buttons !== 'function') throw new Error('PayPal SDK loaded without paypal.Buttons');
  return paypal;
}

export interface PaypalAdapterOptions {
  clientId: string;
  /** The page's locale tag (en-US…), for PayPal's own copy. */
  siteLocale: string;
  load?: (src: string) => Promise<PaypalNamespace>;
  fallbackMessage: string;
}

export function createPaypalAdapter({ clientId, siteLocale, load = loadPaypalSdk, fallbackMessage }: PaypalAdapterOptions): PaymentAdapter {
  let buttons: PaypalButtons | null = null;
  let options: MountOptions | null = null;
  const report = (outcome: PaymentOutcome) => options?.onOutcome(outcome);

  return {
    kind: 'paypal',
    method: 'paypal',
    async mount(order, mountOptions): Promise<MountStatus> {
      if (!clientId || !mountOptions.container || !order.paypalOrderId) return { ok: false, reason: 'unavailable' };
      let paypal: PaypalNamespace;
      try {
        paypal = await load(paypalSdkUrl(clientId, order.currency, siteLocale));
      } catch {
        return { ok: false, reason: 'load_failed' };
      }
      options = mountOptions;
      try {
        buttons = paypal.Buttons({
          createOrder: () => order.paypalOrderId!,
          onApprove: () => report({ kind: 'paid' }),
          onCancel: () => report({ kind: 'cancelled' }),
          onError: () => report({ kind: 'error', message: fallbackMessage }),
          style: { layout: 'vertical', label: 'paypal' },
        });
        if (!buttons.isEligible()) return { ok: false, reason: 'unavailable' };
        await buttons.render(mountOptions.container);
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      return { ok: true };
    },
    // PayPal confirms through its own buttons (onApprove above), never through the page's Pay button.
    async confirm(): Promise<PaymentOutcome> {
      return { kind: 'incomplete', message: fallbackMessage };
    },
    destroy() {
      void buttons?.close?.().catch(() => undefined);
      buttons = null;
      options = null;
    },
  };
}
