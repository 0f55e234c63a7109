import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isExampleValue, SELLER_FIELDS, SELLER_VARS, sellerCacheKey, sellerFrom } from '../../src/domain/seller';

// The seller's identity comes from one configuration object (SELLER_* Worker vars). The
// repository must never hold real-looking facts: locally every value is a marked example, and
// production's are left empty for the site owner.

const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');

/** The SELLER_* values of one [vars] table of wrangler.toml. */
function sellerVars(section: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name = '', value = ''] of section.matchAll(/^(SELLER_[A-Z_]+) = "(.*)"$/gm)) out[name] = value;
  return out;
}

const [local = '', production = ''] = toml.split('[env.production.vars]');

describe('the seller configuration', () => {
  it('defines every SELLER_* var locally, each a visibly marked example', () => {
    const vars = sellerVars(local);
    expect(Object.keys(vars).sort()).toEqual(Object.values(SELLER_VARS).sort());
    for (const [name, value] of Object.entries(vars)) expect(isExampleValue(value), `${name} = ${value}`).toBe(true);
    const seller = sellerFrom(vars);
    expect(seller.example).toBe(true);
    for (const field of SELLER_FIELDS) expect(seller[field], field).not.toBeNull();
  });

  it('leaves every SELLER_* var empty in production, for the owner to fill in', () => {
    const vars = sellerVars(production);
    expect(Object.keys(vars).sort()).toEqual(Object.values(SELLER_VARS).sort());
    expect(Object.values(vars).every((value) => value === '')).toBe(true);
    const seller = sellerFrom(vars);
    expect(seller.example).toBe(false);
    for (const field of SELLER_FIELDS) expect(seller[field], field).toBeNull();
  });

  it('knows an example by its mark or its reserved domain, and nothing else', () => {
    for (const value of ['（例）株式会社サンプル', '(例) 山田 太郎', '(Example) Sample Ltd.', 'seller@example.com', 'a@EXAMPLE.org']) expect(isExampleValue(value), value).toBe(true);
    for (const value of ['Mingting Technology Co., Ltd.', '03-1234-5678', 'support@mt-recover.com', 'example.com street 1']) expect(isExampleValue(value), value).toBe(false);
  });

  it('trims values, treats blanks as not configured and refuses an email that is not one address', () => {
    const seller = sellerFrom({ SELLER_LEGAL_NAME: '  Mingting Technology  ', SELLER_ADDRESS: '   ', SELLER_EMAIL: 'a@b.example\nBcc: x@y.z', SELLER_PHONE: 42 });
    expect(seller).toEqual({ legalName: 'Mingting Technology', representative: null, address: null, phone: null, email: null, example: false });
    expect(sellerFrom({ SELLER_EMAIL: ' support@mt-recover.com ' }).email).toBe('support@mt-recover.com');
  });

  it('keys the pages that show it by every value', () => {
    const base = sellerFrom({ SELLER_LEGAL_NAME: 'A', SELLER_EMAIL: 'a@b.co' });
    expect(sellerCacheKey(base)).toBe(sellerCacheKey(sellerFrom({ SELLER_LEGAL_NAME: 'A', SELLER_EMAIL: 'a@b.co' })));
    expect(sellerCacheKey(base)).not.toBe(sellerCacheKey(sellerFrom({ SELLER_LEGAL_NAME: 'B', SELLER_EMAIL: 'a@b.co' })));
    expect(sellerCacheKey(base)).toMatch(/^seller=[0-9a-z]{1,7}$/);
  });
});
