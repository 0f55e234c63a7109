import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated, PHONE } from './fixtures';
import { installerBytes, INSTALLER_SIZE } from '../../scripts/seed-installer.mjs';

// The download flow in Chromium against the running site, with the reference origin beside it:
// the saved file's name, the popup, the 2 s download-done flag, and the events that reach the
// collection host (counted through the site's non-production /__test/collect-count).

test.use({ viewport: { width: 1280, height: 800 } });

const topBarDownload = '.nav-desktop [data-download-link]';
let runId = 0;
/** A visitor of its own per test: the uuid is adopted from the address and counted at the host. */
const visitorId = (name: string) => `e2e-${name}-${Date.now().toString(36)}-${++runId}`;

test.beforeAll(async ({ request }) => {
  // Fresh local state has no installer: put the same stand-in `npm run seed:installer` uploads.
  const res = await request.put('/__test/installer', { data: Buffer.from(installerBytes()), headers: { 'content-type': 'application/octet-stream' } });
  expect(res.status()).toBe(200);
});

async function countAtHost(request: APIRequestContext, uuid: string): Promise<number> {
  const res = await request.get(`/__test/collect-count?uuid=${encodeURIComponent(uuid)}&action=download`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

/** axe-core's violations inside the download popup. */
async function popupViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run(document.querySelector('[data-download-popup]')!, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
}

async function clickAndDownload(page: Page, selector = topBarDownload) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  return download;
}

test.describe('the download button', () => {
  test('saves the installer under the generated name, shows the popup, sets the flag after 2 s and reports the download', async ({ page, request, pageErrors }) => {
    const uuid = visitorId('plain');
    await page.clock.install();
    await gotoHydrated(page, `/?uuid=${uuid}`);
    // From here the page's timers move only when the test moves them.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe('mt-recover_setup_16_1.exe');
    expect(statSync(await download.path()).size).toBe(INSTALLER_SIZE);

    const popup = page.getByRole('dialog');
    await expect(popup).toBeVisible();
    await expect(popup.locator('[data-download-file-name]')).toHaveText('mt-recover_setup_16_1.exe');
    await expect(popup).toContainText('Open File');
    await expect(popup).toBeFocused();
    const box = (await popup.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([380, 360]);

    // The download-done flag, 2 s after the download started.
    const html = page.locator('html');
    await expect(popup).toHaveAttribute('data-download-popup', 'saved');
    await expect(html).not.toHaveAttribute('data-downloaded', 'true');
    await page.clock.runFor(1999);
    await expect(html).not.toHaveAttribute('data-downloaded', 'true');
    await page.clock.runFor(1);
    await expect(html).toHaveAttribute('data-downloaded', 'true');

    await expect.poll(() => countAtHost(request, uuid), { timeout: 15_000 }).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('closes its popup with Escape or the close button and gives focus back to the button', async ({ page }) => {
    await gotoHydrated(page, `/?uuid=${visitorId('focus')}`);
    await clickAndDownload(page);
    const popup = page.getByRole('dialog');
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(page.locator(topBarDownload)).toBeFocused();

    await clickAndDownload(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator(topBarDownload)).toBeFocused();
  });

  test('has a popup without accessibility violations, in light and dark themes', async ({ page }) => {
    await gotoHydrated(page, `/?uuid=${visitorId('axe')}`);
    await clickAndDownload(page);
    await expect(page.getByRole('dialog')).toHaveAttribute('data-download-popup', 'saved');
    expect(await popupViolations(page)).toEqual([]);
    await page.locator('.nav-desktop [data-theme-option="dark"]').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await popupViolations(page)).toEqual([]);
  });

  test('with bd_vid puts the short code in the name, reports the action and counts the download', async ({ page, request }) => {
    const uuid = visitorId('bdvid');
    const bdVid = `e2eclick${Date.now().toString(36)}${runId}`;
    // The origin derives the same short code for the same long code every time.
    const expected = await request.post('/api/ocpc/get_short_code', { data: { source_url: 'https://www.mt-recover.com/', long_code: bdVid } });
    const { short_code: shortCode } = (await expected.json()) as { short_code: string };
    expect(shortCode).toMatch(/^[A-Z0-9]{8}$/);

    await gotoHydrated(page, `/?uuid=${uuid}&bd_vid=${bdVid}&group_tid=12`);
    const reported = page.waitForRequest((req) => req.url().endsWith('/api/ocpc/report_action') && req.method() === 'POST');
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe(`mt-recover_setup_16_12_${shortCode}.exe`);
    expect(JSON.parse((await reported).postData() ?? '{}')).toMatchObject({ long_code: bdVid, action: 'download' });
    await expect(page.getByRole('dialog').locator('[data-download-file-name]')).toHaveText(`mt-recover_setup_16_12_${shortCode}.exe`);
    await expect.poll(() => countAtHost(request, uuid), { timeout: 15_000 }).toBe(1);
  });

  test('falls back to the campaign suffix when the short-code request fails and isSem is present', async ({ page, expectErrors }) => {
    expectErrors(/ERR_FAILED \(\S+\/api\/ocpc\/get_short_code\)/);
    await page.route('**/api/ocpc/get_short_code', (route) => route.abort());
    await gotoHydrated(page, `/?uuid=${visitorId('sem')}&bd_vid=e2efailing&isSem=2`);
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe('mt-recover_setup_16_1_sem2.exe');
  });

  test('falls back to the plain name when the short-code request fails without isSem', async ({ page, expectErrors }) => {
    expectErrors(/ERR_FAILED \(\S+\/api\/ocpc\/get_short_code\)/);
    await page.route('**/api/ocpc/get_short_code', (route) => route.abort());
    await gotoHydrated(page, `/?uuid=${visitorId('nosem')}&bd_vid=e2efailing`);
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe('mt-recover_setup_16_1.exe');
  });

  test('says so and offers the direct link when the installer cannot be fetched', async ({ page, expectErrors }) => {
    expectErrors(/status of 503 .*\/download\/mt-recover_setup_16_1\.exe\)/);
    await page.route('**/download/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await gotoHydrated(page, `/?uuid=${visitorId('fail')}`);
    await page.locator(topBarDownload).click();
    const popup = page.getByRole('dialog');
    await expect(popup).toHaveAttribute('data-download-popup', 'failed');
    await expect(popup.getByRole('alert')).toContainText('could not be downloaded');
    await expect(popup.getByRole('link', { name: 'Download with the direct link' })).toHaveAttribute('href', /\/download\/mt-recover_setup_16_1\.exe$/);
    await expect(page.locator('html')).not.toHaveAttribute('data-downloaded', 'true');
  });

  test("still downloads through the plain link when the flow's code cannot load", async ({ page, expectErrors }) => {
    expectErrors(/ERR_FAILED \(\S+\/assets\/DownloadPopup-[^/]+\.js\)/);
    await page.route('**/assets/DownloadPopup-*.js', (route) => route.abort());
    await gotoHydrated(page, `/?uuid=${visitorId('nochunk')}`);
    // The page already used its one chunk-failure reload of the minute, so it stays.
    await page.evaluate(() => sessionStorage.setItem('chunk-reload-at', String(Date.now())));
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe('mt-recover_setup_16_1.exe');
    expect(statSync(await download.path()).size).toBe(INSTALLER_SIZE);
  });

  test('carries the campaign keys through internal links', async ({ page }) => {
    await gotoHydrated(page, '/?isSem=2&from=e2e&group_tid=nonsense');
    // The visit's campaign is kept (valid keys only) once the link-carrying code is in.
    await page.waitForFunction(() => sessionStorage.getItem('campaign') !== null);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('campaign')))!)).toEqual({ from: 'e2e', isSem: '2' });
    await page.locator('.nav-desktop a.nav-link').first().click();
    await page.waitForURL('**/feedback?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('isSem')).toBe('2');
    expect(url.searchParams.get('from')).toBe('e2e');
    expect(url.searchParams.has('group_tid')).toBe(false);
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('explains that the app is for Windows and copies the download link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/mobile?group_tid=2');
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.locator('.burger').click();
    await page.locator('#mobile-menu [data-download-link]').click();
    const popup = page.getByRole('dialog');
    await expect(popup).toHaveAttribute('data-download-popup', 'phone');
    await expect(popup).toContainText('Windows');
    expect(await popupViolations(page)).toEqual([]);
    await popup.getByRole('button', { name: 'Copy download link' }).click();
    await expect(popup.getByRole('status')).toContainText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL('/download/mt-recover_setup_16_2.exe', page.url()).href);
    expect(downloaded).toBe(false);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Download link still downloads the installer', async ({ page }) => {
    await page.goto('/');
    const download = await clickAndDownload(page);
    expect(download.suggestedFilename()).toBe('mt-recover_setup_16_1.exe');
    expect(statSync(await download.path()).size).toBe(INSTALLER_SIZE);
  });
});
