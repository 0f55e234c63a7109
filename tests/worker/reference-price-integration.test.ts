import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { fallbackPlans, type Plan } from '../../src/domain/plans';
import { planCacheKey, resetPlanCacheIsolate, type PlanCacheEntry } from '../../src/services/plan-cache';
import { message, page, plain } from './helpers';

// The reference-price rule on the pages: a plan's price is struck through, badged and "saved"
// only against the lowest price of the 30 days before a reduction that is at most 30 days old,
// and the page then states that price. The plan list is what the upstream's list_group answers
// (price_since, lowest_price_30d), put in the plan cache as a refresh would put it.

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const CURRENCY = 'SEK';

/** One-Month reduced 10 days ago from 299 kr; One-Year unchanged for 60 days; Lifetime went up 10 days ago. */
function plans(): Plan[] {
  const [oneMonth, oneYear, lifetime] = fallbackPlans('A');
  return [
    { ...oneMonth!, currency: CURRENCY, price: 24900, origin_price: 39900, price_since: now() - 10 * DAY, lowest_price_30d: 29900 },
    { ...oneYear!, currency: CURRENCY, price: 29900, origin_price: 49900, price_since: now() - 60 * DAY, lowest_price_30d: null },
    { ...lifetime!, currency: CURRENCY, price: 59900, origin_price: 119900, price_since: now() - 10 * DAY, lowest_price_30d: 49900 },
  ];
}

beforeAll(async () => {
  resetPlanCacheIsolate();
  const entry: PlanCacheEntry = { v: 1, fetchedAt: Date.now(), currency: CURRENCY, table: 'A', list: plans() };
  await env.PLAN_CACHE.put(planCacheKey(CURRENCY, 'A'), JSON.stringify(entry));
});

afterAll(async () => {
  await env.PLAN_CACHE.delete(planCacheKey(CURRENCY, 'A'));
  resetPlanCacheIsolate();
});

/** The HTML of one plan card, by product id. */
function card(html: string, productId: number): string {
  const start = html.indexOf(`data-product-id="${productId}"`);
  expect(start, `card ${productId}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</li>', html.indexOf('plan-access', start)));
}

const sek = (amount: number) => plain(formatMoney(amount, CURRENCY, 'en-US'));

describe('the buy page', () => {
  it('shows a reduction 10 days old struck through, badged and with the lowest price of the 30 days before it', async () => {
    const { res, html } = await page('/buy', { cf: { country: 'SE' } });
    expect(res.status).toBe(200);
    const reduced = card(html, 81901);
    expect(reduced).toContain(`data-reference-price="29900"`);
    expect(plain(reduced)).toContain(`<s class="plan-price-origin" aria-hidden="true">${sek(29900)}</s>`);
    expect(plain(reduced)).toContain(plain(message('en-US', 'buy.price.lowest30', { price: sek(29900) })));
    expect(reduced).toContain('data-saving-percent="16" data-saving-amount="5000"');
    expect(plain(reduced)).toContain(plain(message('en-US', 'buy.save.amount', { amount: sek(5000) })));
    // The upstream's list price is never the reference.
    expect(plain(reduced)).not.toContain(sek(39900));
    // The only real reduction is the one pointed out.
    expect(html).toMatch(/class="plan-card plan-card-featured" aria-labelledby="plan-81901-title"/);
  });

  it('shows a price unchanged for 60 days on its own: no strike-through, no badge, no lowest-price line', async () => {
    const { html } = await page('/buy', { cf: { country: 'SE' } });
    const unchanged = card(html, 81902);
    expect(unchanged).not.toContain('plan-price-origin');
    expect(unchanged).not.toContain('save-badge');
    expect(unchanged).not.toContain('plan-price-lowest');
    expect(plain(unchanged)).not.toContain(sek(49900));
  });

  it('never shows a price that went up as reduced', async () => {
    const { html } = await page('/buy', { cf: { country: 'SE' } });
    const raised = card(html, 81903);
    expect(raised).not.toContain('plan-price-origin');
    expect(raised).not.toContain('save-badge');
    expect(raised).not.toContain('plan-price-lowest');
    expect(plain(raised)).not.toContain(sek(49900));
  });
});

describe('the checkout summary', () => {
  it('states the reduction and its reference price for the reduced plan', async () => {
    const { html, text } = await page('/checkout?product_id=81901', { cf: { country: 'SE' } });
    expect(html).toContain('data-reference-price="29900"');
    expect(text).toContain(plain(message('en-US', 'buy.price.lowest30', { price: sek(29900) })));
    expect(html).toContain('data-saving-percent="16"');
  });

  it.each([81902, 81903])('shows plan %i without any reference price', async (productId) => {
    const { html } = await page(`/checkout?product_id=${productId}`, { cf: { country: 'SE' } });
    expect(html).not.toContain('data-reference-price');
    expect(html).not.toContain('plan-price-origin');
    expect(html).not.toContain('save-badge');
  });
});
