// The seller's identity for the legal notices: Japan's Act on Specified Commercial Transactions
// disclosure (/tokushoho), the withdrawal page's "or write to us" and the accessibility
// statement's contact. One object, read from the Worker vars SELLER_* (wrangler.toml): only the
// site owner can supply these facts, so the repository holds none of them. Locally the vars are
// visibly marked examples; production's are left empty for the owner (README, "Content the site
// owner replaces").
//
// An empty value is shown as "disclosed without delay on request", which the Act allows in place
// of an item when the notice says so; a value marked as an example makes the page say that its
// seller details are examples.

export const SELLER_VARS = {
  legalName: 'SELLER_LEGAL_NAME',
  representative: 'SELLER_REPRESENTATIVE',
  address: 'SELLER_ADDRESS',
  phone: 'SELLER_PHONE',
  email: 'SELLER_EMAIL',
} as const;

export type SellerField = keyof typeof SELLER_VARS;
export const SELLER_FIELDS = Object.keys(SELLER_VARS) as SellerField[];

export type Seller = Record<SellerField, string | null> & {
  /** Some value is a marked example (local development): the pages say the details are examples. */
  example: boolean;
};

/** A value marked as an example: '（例）…' or '(Example) …', or an address at a reserved example domain. */
export function isExampleValue(value: string): boolean {
  return /^[（(](例|example)[)）]/i.test(value) || /@example\.(com|org|net)$/i.test(value);
}

/** What a page may print as the seller's email: one address, nothing that could carry markup or a second header. */
const EMAIL_SHAPE = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** The seller from the Worker's vars; blank, missing or (for the email) malformed values are null. */
export function sellerFrom(vars: Partial<Record<(typeof SELLER_VARS)[SellerField], unknown>>): Seller {
  const read = (field: SellerField): string | null => {
    const raw = vars[SELLER_VARS[field]];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') return null;
    return field === 'email' && !EMAIL_SHAPE.test(value) ? null : value;
  };
  const values = Object.fromEntries(SELLER_FIELDS.map((field) => [field, read(field)])) as Record<SellerField, string | null>;
  return { ...values, example: SELLER_FIELDS.some((field) => values[field] !== null && isExampleValue(values[field]!)) };
}

/** A short stable digest of the seller, for the page cache key of the pages that show it (FNV-1a, 32 bits). */
export function sellerCacheKey(seller: Seller): string {
  const text = JSON.stringify(SELLER_FIELDS.map((field) => seller[field]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `seller=${hash.toString(36)}`;
}
