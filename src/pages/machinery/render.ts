
/**
 * A rendered page as pre-encoded bytes, with where the CSP nonce goes. Rendering happens once per
 * cache key; every answer copies the bytes in one go and writes its own nonce over the
 * placeholder's places, so no nonce is ever cached and no request pays for React or UTF-8
 * encoding again.
 */
export interface RenderedPage {
  /** The page encoded once, with the placeholder nonce in it. */
  template: Uint8Array<ArrayBuffer>;
  /** Byte offsets of the placeholder nonce in `template`. */
  nonceAt: readonly number[];
  /** Bytes of the page: what the page cache counts. */
  bytes: number;
}

const encoder = new TextEncoder();

let placeholder: string | undefined;

/**
 * The placeholder nonce a page renders with: random per isolate and shaped like a real nonce
 * (base64 of 16 bytes, characters React never escapes in an attribute), so nothing in the page
 * can contain it by accident and it survives rendering unchanged. Made on first use: Workers
 * allow no random values at the top level.
 */
export function noncePlaceholder(): string {
  if (placeholder === undefined) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    placeholder = btoa(String.fromCharCode(...bytes));
  }
  return placeholder;
}

/**
 * A rendered document as the page cache keeps it: encoded once, with the placeholder's offsets.
 * Documents are rendered without streaming (@hono/react-renderer with `stream: false`, in
 * router.tsx): pages have no Suspense and their data is loaded first, so a stream would send its
 * first byte only at the end anyway, and its per-fragment encoding was most of the render cost. A
 * render error throws before anything is sent, so the caller answers with the error page, never
 * half a page.
 */
export function pageFromHtml(html: string): RenderedPage {
  const template = encoder.encode(html);
  const placeholderBytes = noncePlaceholder().length;
  const parts = html.split(noncePlaceholder());
  const nonceAt: number[] = [];
  let at = 0;
  for (let i = 0; i < parts.length - 1; i++) {
    at += encoder.encode(parts[i]!).byteLength;
    nonceAt.push(at);
    at += placeholderBytes;
  }
  return { template, nonceAt, bytes: template.byteLength };
}

/**
 * The page's bytes with `nonce` (ASCII, base64) wherever the placeholder was. Every nonce the
 * site makes has the placeholder's length (base64 of 16 bytes): one copy of the template, then the
 * nonce written over each place. Any other length (a test without the security middleware)
 * rebuilds the page around it.
 */
export function withNonce(page: RenderedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = encoder.encode(nonce);
  const { template, nonceAt } = page;
  const placeholderBytes = noncePlaceholder().length;
  if (nonceBytes.byteLength === placeholderBytes) {
    const out = template.slice();
    // A plain loop: this runs on every page answer, and a per-call closure costs more than the copy.
    for (let i = 0; i < nonceAt.length; i++) out.set(nonceBytes, nonceAt[i]!);
    return out;
  }
  const out = new Uint8Array(template.byteLength + (nonceBytes.byteLength - placeholderBytes) * nonceAt.length);
  let from = 0;
  let to = 0;
  for (let i = 0; i < nonceAt.length; i++) {
    const at = nonceAt[i]!;
    out.set(template.subarray(from, at), to);
    to += at - from;
    out.set(nonceBytes, to);
    to += nonceBytes.byteLength;
    from = at + placeholderBytes;
  }
  out.set(template.subarray(from), to);
  return out;
}
