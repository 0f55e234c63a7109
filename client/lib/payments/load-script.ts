// Loads a payment provider's script once per page, with the page's CSP nonce. Only the two hosts
// the checkout CSP admits are ever asked for (PAYMENT_CSP_SOURCES in src/domain/security-headers.ts).

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';
export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';

const ALLOWED_PREFIXES = [STRIPE_JS_URL, `${PAYPAL_SDK_URL}?`];

/** The nonce of the page's own module script (the Worker sets one per response). */
export function pageNonce(doc: Document = document): string {
  return doc.querySelector<HTMLScriptElement>('script[type="module"][nonce]')?.nonce || doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || '';
}

const loading = new Map<string, Promise<void>>();

/**
 * Appends `<script src nonce>` and resolves when it ran; rejects when it failed or took longer
 * than `timeoutMs` (a blocked host never calls onerror in some browsers). A failed load is
 * forgotten, so pressing the method again retries it.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}, timeoutMs = 15_000, doc: Document = document): Promise<void> {
  if (!ALLOWED_PREFIXES.some((prefix) => src === prefix || src.startsWith(prefix))) return Promise.reject(new Error(`script host not allowed: ${src}`));
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    const nonce = pageNonce(doc);
    if (nonce) script.nonce = nonce;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    const timer = setTimeout(() => fail(new Error(`script timed out: ${src}`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      loading.delete(src);
      script.remove();
      reject(error);
    }
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`script failed: ${src}`));
    doc.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Forgets every load (tests). */
export function resetScriptLoads(): void {
  loading.clear();
}
