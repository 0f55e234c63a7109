import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import * as site from '../../src/index';
import type { AppEnv } from '../../src/env';
import { LOCALES, localizePath, type Locale } from '../../src/domain/locales';
import { formatMoney } from '../../src/domain/money';
import { ACCESSIBILITY_STATEMENT_DATE } from '../../src/pages/Accessibility';
import { ORIGIN, decodeHtml, get, message, plain } from './helpers';

// The consumer-law pages: Japan's commercial disclosure (/tokushoho), the accessibility statement
// (/accessibility), and the note that marks the testimonials as illustrative.

const app = ((site as { app?: Hono<AppEnv> }).app ?? site.default) as Hono<AppEnv>;
const mainOf = (html: string) => plain(decodeHtml(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));

/** The disclosure table as row key → the row's text. */
function disclosureRows(html: string): Map<string, { label: string; value: string }> {
  const rows = new Map<string, { label: string; value: string }>();
  for (const [, key = '', label = '', value = ''] of html.matchAll(/<tr data-row="([^"]+)"><th scope="row">([\s\S]*?)<\/th><td>([\s\S]*?)<\/td><\/tr>/g)) {
    const text = (s: string) => plain(decodeHtml(s.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim());
    rows.set(key, { label: text(label), value: text(value) });
  }
  return rows;
}

describe('/tokushoho: the disclosure under the Act on Specified Commercial Transactions', () => {
  it('lists every item the Act asks for, in Japanese, with the yen prices tax included', async () => {
    const res = await get('/ja-JP/tokushoho');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>特定商取引法に基づく表記 | ');
    expect(html).toContain('<meta name="robots" content="index,follow"');
    const rows = disclosureRows(html);
    expect([...rows.values()].map((row) => row.label)).toEqual([
      '販売業者',
      '運営統括責任者',
      '所在地',
      '電話番号',
      'メールアドレス',
      'お問い合わせ方法',
      '販売価格',
      '商品代金以外の必要料金',
      '支払方法',
      '支払時期',
      '引渡時期',
      '返品・キャンセル',
      '動作環境',
    ]);
    // The reference origin's yen list (docs/UPSTREAM.md, Plans), each price marked tax included.
    const price = rows.get('price')!.value;
    for (const [plan, yen] of [
      ['oneMonth', 3980],
      ['oneYear', 4480],
      ['lifetime', 8980],
    ] as const) {
      expect(price).toContain(plain(message('ja-JP', 'pages.tokushoho.rows.price.item', { plan: message('ja-JP', `buy.plans.${plan}.title`), price: formatMoney(yen, 'JPY', 'ja-JP') })));
    }
    expect(rows.get('payment')!.value).toMatch(/Stripe.*PayPal/);
    expect(rows.get('returns')!.value).toContain(message('ja-JP', 'pages.tokushoho.rows.returns.link'));
    expect(html).toContain('href="/ja-JP/withdraw"');
  });

  it('shows the seller from the SELLER_* vars, and says that the local values are examples', async () => {
    const html = await (await get('/ja-JP/tokushoho')).text();
    const rows = disclosureRows(html);
    expect(rows.get('seller')!.value).toBe(env.SELLER_LEGAL_NAME);
    expect(rows.get('representative')!.value).toBe(env.SELLER_REPRESENTATIVE);
    expect(rows.get('address')!.value).toBe(env.SELLER_ADDRESS);
    expect(rows.get('phone')!.value).toBe(env.SELLER_PHONE);
    expect(html).toContain(`href="mailto:${env.SELLER_EMAIL}"`);
    expect(mainOf(html)).toContain(plain(message('ja-JP', 'pages.tokushoho.exampleNote')));
  });

  it('says "disclosed on request" for a value the owner has not configured, and no example note', async () => {
    const blank = { SELLER_LEGAL_NAME: 'Mingting Technology', SELLER_REPRESENTATIVE: '', SELLER_ADDRESS: '', SELLER_PHONE: '', SELLER_EMAIL: '' };
    const res = await app.request(new Request(`${ORIGIN}/ja-JP/tokushoho`), undefined, { ...env, ...blank } as unknown as Env);
    const html = await res.text();
    const rows = disclosureRows(html);
    expect(rows.get('seller')!.value).toBe('Mingting Technology');
    for (const key of ['representative', 'address', 'phone', 'email']) expect(rows.get(key)!.value, key).toContain(plain(message('ja-JP', 'pages.tokushoho.onRequest')));
    expect(html).not.toContain('data-seller-example');
  });

  it.each([...LOCALES])('is served translated in %s, with the same facts', async (locale) => {
    const html = await (await get(localizePath(locale, '/tokushoho'))).text();
    const rows = disclosureRows(html);
    expect(rows.size).toBe(13);
    expect(rows.get('seller')!.label).toBe(message(locale, 'pages.tokushoho.rows.seller.label'));
    expect(rows.get('seller')!.value).toBe(env.SELLER_LEGAL_NAME);
    expect(rows.get('price')!.value).toContain(plain(formatMoney(3980, 'JPY', locale)));
  });

  it('is in the sitemap with its hreflang alternates', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const path of ['/tokushoho', '/ja-JP/tokushoho', '/accessibility', '/de-DE/accessibility', '/withdraw', '/ko-KR/withdraw']) expect(xml).toContain(`<loc>${new URL(path, env.SITE_URL).href}</loc>`);
  });
});

describe('/accessibility: the accessibility statement', () => {
  it.each([...LOCALES])('states the standard, the testing, the known limits, how to report and the date, in %s', async (locale: Locale) => {
    const res = await get(localizePath(locale, '/accessibility'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="index,follow"');
    const main = mainOf(html);
    expect(main).toContain('WCAG');
    expect(main).toContain('2.2');
    expect(main).toContain('axe-core');
    expect(main).toContain('pa11y');
    for (const key of ['standard.heading', 'testing.heading', 'limits.heading', 'limits.items.1', 'limits.items.2', 'report.heading', 'report.text']) {
      expect(main, key).toContain(plain(message(locale, `pages.accessibility.${key}`)));
    }
    const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${ACCESSIBILITY_STATEMENT_DATE}T00:00:00Z`));
    expect(main).toContain(plain(message(locale, 'pages.accessibility.date', { date })));
    expect(html).toContain(`href="${localizePath(locale, '/feedback')}"`);
    expect(html).toContain(`href="mailto:${env.SELLER_EMAIL}"`);
  });
});

describe('the testimonials', () => {
  it.each([...LOCALES])('are marked as illustrative where they are shown, in %s', async (locale) => {
    for (const path of ['/', '/buy']) {
      const html = await (await get(localizePath(locale, path), { headers: { cookie: `locale=${locale}` } })).text();
      const note = /<p class="testimonials-note" id="([^"]+)"[^>]*>([^<]*)<\/p>\s*<ul class="testimonials" aria-describedby="([^"]+)"/.exec(html);
      expect(note, `${locale} ${path}`).not.toBeNull();
      expect(decodeHtml(note![2]!)).toBe(message(locale, 'testimonials.note'));
      expect(note![3]).toBe(note![1]);
    }
  });
});
