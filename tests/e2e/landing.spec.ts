import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { LOCALES } from './messages';
import { installerBytes } from '../../scripts/seed-installer.mjs';

// The ad-landing page: its download gives the home page's file name for the same campaign (the
// bd_vid short code, the group's tids), and every key survives to the next page.

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async ({ request }) => {
  const res = await request.put('/__test/installer', { data: Buffer.from(installerBytes()), headers: { 'content-type': 'application/octet-stream' } });
  expect(res.status()).toBe(200);
});

const KEYS = ['uuid', 'from', 'isSem', 'group_tid', 'bd_vid'] as const;
let run = 0;
function campaign() {
  return { uuid: `e2e-lp-${Date.now().toString(36)}-${++run}`, from: 'bing_ads', isSem: '2', group_tid: '12', bd_vid: `lpclick${run}` };
}

async function downloadName(page: Page, selector: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  return download.suggestedFilename();
}

for (const locale of LOCALES) {
  const prefix = locale === 'en-US' ? '' : `/${locale}`;

  test(`in ${locale}, the landing download keeps the campaign and names the file as home does`, async ({ page, pageErrors }) => {
    // Two pages and two 3.2 MB downloads on a shared machine.
    test.setTimeout(90_000);
    const keys = campaign();
    const query = `?${new URLSearchParams(keys)}`;
    await gotoHydrated(page, `${prefix}/lp/mt-recover${query}`);
    const fromLanding = await downloadName(page, 'main [data-download-link]');
    // The bd_vid short code and group 12's tids are in the name.
    expect(fromLanding).toMatch(/^mt-recover_setup_16_12_[A-Z0-9]{8}\.exe$/);
    await expect(page.getByRole('dialog').locator('[data-download-file-name]')).toHaveText(fromLanding);

    await gotoHydrated(page, `${prefix || '/'}${query}`);
    const fromHome = await downloadName(page, 'main .hero [data-download-link]');
    expect(fromLanding).toBe(fromHome);
    expect(pageErrors).toEqual([]);
  });

  test(`in ${locale}, the landing Buy button opens the plans with every campaign key`, async ({ page }) => {
    const keys = campaign();
    await gotoHydrated(page, `${prefix}/lp/mt-recover?${new URLSearchParams(keys)}`);
    await page.locator('main [data-lp-buy]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/buy`);
    const params = new URL(page.url()).searchParams;
    for (const key of KEYS) expect(params.get(key), key).toBe(keys[key]);
  });
}

test('a campaign value its links drop (uuid=u-123, group_tid=abc) is not sent with the download either', async ({ page }) => {
  test.setTimeout(60_000);
  const shortCode = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/ocpc/get_short_code');
  const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === '/beacon' && new URL(request.url()).searchParams.get('action') === 'download');
  await gotoHydrated(page, '/lp/mt-recover?uuid=u-123&group_tid=abc&from=lp_e2e&isSem=1&bd_vid=lpdropped');
  await expect(page.locator('main [data-lp-buy]')).toHaveAttribute('href', '/buy?from=lp_e2e&isSem=1&bd_vid=lpdropped');
  const name = await downloadName(page, 'main [data-download-link]');
  // group_tid=abc is no group: the default tids, as the links say.
  expect(name).toMatch(/^mt-recover_setup_16_1_[A-Z0-9]{8}\.exe$/);
  const source = new URL((JSON.parse((await shortCode).postData() ?? '{}') as { source_url: string }).source_url);
  expect(source.pathname).toBe('/lp/mt-recover');
  expect([...source.searchParams]).toEqual([['from', 'lp_e2e'], ['isSem', '1'], ['bd_vid', 'lpdropped']]);
  const report = new URL((await beacon).url()).searchParams;
  expect(report.get('uuid')).not.toBe('u-123');
  expect([report.get('tid1'), report.get('tid2'), report.get('from_')]).toEqual(['16', '1', 'lp_e2e']);
});

test('its robots meta is noindex', async ({ page }) => {
  await page.goto('/lp/mt-recover');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
});
