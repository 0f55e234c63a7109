// Random identifiers and codes. Crockford's base32 alphabet (no I, L, O, U) keeps codes that
// people read aloud or type from a mail unambiguous.

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` characters of CODE_ALPHABET from the CSPRNG (32 divides 256: no modulo bias). */
export function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % 32];
  return out;
}

function grouped(prefix: string): string {
  const groups = Array.from({ length: 4 }, () => randomCode(5));
  return [prefix, ...groups].join('-');
}

/** A licence code, e.g. MTDR-7K2QF-0ZP9M-WD3HX-A1B2C (80 random bits). */
export const newLicenceCode = () => grouped('MTDR');
/** A trial code, same shape with its own prefix. */
export const newTrialCode = () => grouped('MTTR');
/** Order ids double as a bearer for the licence code, so they carry 80 random bits. */
export const newOrderId = () => `MT${randomCode(16)}`;
export const newTicketId = () => `FB${randomCode(14)}`;
export const newPrivacyRequestId = () => `PC${randomCode(14)}`;
export const newWithdrawalRequestId = () => `WR${randomCode(14)}`;
export const newCaptchaId = () => randomCode(24).toLowerCase();
export const newSecret = () => randomCode(24).toLowerCase();

/** Epoch seconds; every stored time uses this clock. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Compares secrets without leaking the position of the first difference through timing. */
export function timingSafeEqualText(a: string, b: string): boolean {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  let diff = ea.length ^ eb.length;
  for (let i = 0; i < Math.max(ea.length, eb.length); i++) diff |= (ea[i] ?? 0) ^ (eb[i] ?? 0);
  return diff === 0;
}
