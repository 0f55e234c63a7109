import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { CAMPAIGN_KEYS } from '../../src/domain/campaign';
import { attributeValues, expectedTitle, get, ORIGIN, titleOf, UA } from './helpers';

const CAMPAIGN = { uuid: '0f6c2a1e-5b7d-4c3a-9e8f-112233445566', from: 'bing_search', isSem: '2', group_tid: '11', bd_vid: 'click-123' };
const QUERY = `?${new URLSearchParams(CAMPAIGN)}`;

function robotsOf(html: string): string | undefined {
  return /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
}

describe('the ad-landing page /lp/mt-recover', () => {
  it.each(LOCALES)('answers in %s with its own title, noindex', async (locale) => {
    const res = await get(localizePath(locale, '/lp/mt-recover') + QUERY, { headers: { cookie: `locale=${locale}` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(titleOf(html)).toBe(expectedTitle(locale, 'lp-mt-recover'));
    expect(robotsOf(html)).toMatch(/^noindex/);
  });

  it.each(LOCALES)('keeps every campaign key on every link to a page of the site (%s)', async (locale) => {
    const page = localizePath(locale, '/lp/mt-recover');
    const html = await (await get(page + QUERY, { headers: { cookie: `locale=${locale}` } })).text();
    const links = attributeValues(html, 'a', 'href')
      .map((href) => new URL(href, ORIGIN + page))
      .filter((url) => url.origin === ORIGIN && !url.pathname.startsWith('/download/') && url.hash === '');
    // The top bar, the products, the buy button, the footer's site map.
    expect(links.length).toBeGreaterThan(20);
    for (const url of links) {
      for (const key of CAMPAIGN_KEYS) expect(url.searchParams.get(key), `${url.pathname}${url.search} keeps ${key}`).toBe(CAMPAIGN[key]);
    }
    expect(links.some((url) => url.pathname === localizePath(locale, '/buy'))).toBe(true);
  });

  it('has exactly one Download button and one Buy button in its content', async () => {
    const html = await (await get(`/lp/mt-recover${QUERY}`)).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main.match(/data-download-link/g)).toHaveLength(1);
    expect(main.match(/data-lp-buy/g)).toHaveLength(1);
  });

  it('drops campaign values that are not well-formed instead of passing them on', async () => {
    const html = await (await get('/lp/mt-recover?isSem=9&from=%3Cscript%3E&group_tid=2')).text();
    const buy = attributeValues(html, 'a', 'href').find((href) => href.startsWith('/buy'));
    expect(buy).toBe('/buy?group_tid=2');
    // The rule is src/domain/campaign.ts's isValidCampaignValue, which the download report follows too.
    const dropped = await (await get('/lp/mt-recover?uuid=u-123&group_tid=abc&from=ad')).text();
    expect(attributeValues(dropped, 'a', 'href').find((href) => href.startsWith('/buy'))).toBe('/buy?from=ad');
  });

  it('sends a phone to /mobile/lp/mt-recover with the query kept, and a desktop back', async () => {
    const toMobile = await get(`/ja-JP/lp/mt-recover${QUERY}`, { ua: UA.iphone, headers: { cookie: 'locale=ja-JP' } });
    expect(toMobile.status).toBe(302);
    expect(toMobile.headers.get('location')).toBe(`/ja-JP/mobile/lp/mt-recover${QUERY}`);
    const toDesktop = await get(`/ja-JP/mobile/lp/mt-recover${QUERY}`, { headers: { cookie: 'locale=ja-JP' } });
    expect(toDesktop.headers.get('location')).toBe(`/ja-JP/lp/mt-recover${QUERY}`);
  });

  it('on a phone, its links point at the mobile pages and still carry the campaign', async () => {
    const html = await (await get(`/mobile/lp/mt-recover${QUERY}`, { ua: UA.iphone, headers: { cookie: 'locale=en-US' } })).text();
    const hrefs = attributeValues(html, 'a', 'href');
    expect(hrefs).toContain(`/mobile/buy${QUERY}`);
    expect(hrefs).toContain(`/mobile/mt-kt${QUERY}`);
  });

  it('is left out of the sitemap', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    expect(xml).not.toContain('/lp/');
  });
});
