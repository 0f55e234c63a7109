
/**
 * A rendered page as pre-encoded bytes around the places where the CSP nonce goes. Rendering
 * happens once per cache key; every answer only copies these pieces with its own nonce between
 * them, so no nonce is ever cached and no request pays for React or UTF-8 encoding again.
 */
export interface RenderedPage {
  pieces: readonly Uint8Array[];
  /** Bytes of the pieces together (the nonces come on top): what the page cache counts. */
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
 * A rendered document as the page cache keeps it: split at the placeholder nonce and encoded
 * once. Documents are rendered without streaming (@hono/react-renderer with `stream: false`, in
 * router.tsx): pages have no Suspense and their data is loaded first, so a stream would send its
 * first byte only at the end anyway, and its per-fragment encoding was most of the render cost. A
 * render error throws before anything is sent, so the caller answers with the error page, never
 * half a page.
 */
export function pageFromHtml(html: string): RenderedPage {
  const pieces = html.split(noncePlaceholder()).map((piece) => encoder.encode(piece));
  return { pieces, bytes: pieces.reduce((sum, piece) => sum + piece.byteLength, 0) };
}

/** The page's bytes with `nonce` (ASCII, base64) wherever the placeholder was. */
export function withNonce(page: RenderedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = encoder.encode(nonce);
  const out = new Uint8Array(page.bytes + nonceBytes.byteLength * (page.pieces.length - 1));
  const { pieces } = page;
  let at = 0;
  // A plain loop: this runs on every page answer, and a per-call closure costs more than the copy.
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      out.set(nonceBytes, at);
      at += nonceBytes.byteLength;
    }
    out.set(pieces[i]!, at);
    at += pieces[i]!.byteLength;
  }
  return out;
}
