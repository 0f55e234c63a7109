import { test, expect, gotoHydrated } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

const SAMPLE_CODE = 'MTDR-7K4Q-9XW2-PL3M';

test.describe('/components/Copy', () => {
  test('copies the licence code to the clipboard and announces it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/components/Copy');
    await page.getByRole('button', { name: 'Copy code' }).click();
    const status = page.locator('[data-copy-state="copied"] [role="status"]');
    await expect(status).toHaveText('Copied');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SAMPLE_CODE);
  });

  test('copies the phone download link in Japanese', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/ja-JP/components/Copy');
    await page.getByRole('button', { name: 'ダウンロードリンクをコピー' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'コピーしました' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^https?:\/\/[^/]+\/download\/mt-recover_setup_16_1\.exe$/);
  });

  test('without the Clipboard API, copies through execCommand', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      const w = window as unknown as { __copied: string[] };
      w.__copied = [];
      document.execCommand = ((command: string) => {
        w.__copied.push(`${command}:${(document.activeElement as HTMLTextAreaElement | null)?.value ?? ''}`);
        return true;
      }) as typeof document.execCommand;
    });
    await gotoHydrated(page, '/fr-FR/components/Copy');
    await page.getByRole('button', { name: 'Copier le code' }).click();
    await expect(page.locator('[data-copy-state="copied"] [role="status"]')).toHaveText('Copié');
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([`copy:${SAMPLE_CODE}`]);
  });

  test('where copying is refused, shows the code selected in a field with the hint', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      document.execCommand = (() => false) as typeof document.execCommand;
    });
    await gotoHydrated(page, '/components/Copy');
    await page.getByRole('button', { name: 'Copy code' }).click();
    const field = page.locator('[data-copy-state="failed"] input.copy-fallback');
    await expect(field).toHaveValue(SAMPLE_CODE);
    await expect(field).toBeFocused();
    expect(await field.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0))).toBe(SAMPLE_CODE);
    await expect(page.locator('[data-copy-state="failed"] [role="status"]')).toContainText('Ctrl+C');
  });
});

test.describe('/components/GlareHover', () => {
  const afterOpacity = (page: import('@playwright/test').Page, slug: string) =>
    page.evaluate((s) => getComputedStyle(document.querySelector(`[data-product="${s}"]`)!, '::after').opacity, slug);

  test('the glare follows the pointer over a card', async ({ page }) => {
    await gotoHydrated(page, '/zh-CN/components/GlareHover');
    const card = page.locator('[data-product="mt-kt"]');
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await expect(card).toHaveAttribute('data-glare-active', '');
    const first = await card.evaluate((el: HTMLElement) => el.style.getPropertyValue('--glare-x'));
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.5);
    await expect.poll(() => card.evaluate((el: HTMLElement) => el.style.getPropertyValue('--glare-x'))).not.toBe(first);
    expect(Number.parseInt(await card.evaluate((el: HTMLElement) => el.style.getPropertyValue('--glare-x')), 10)).toBeGreaterThan(60);
    await expect.poll(() => afterOpacity(page, 'mt-kt')).toBe('1');
    await page.mouse.move(5, 5);
    await expect(card).not.toHaveAttribute('data-glare-active', '');
  });

  test('keyboard focus on a card shows the same glare', async ({ page }) => {
    await gotoHydrated(page, '/components/GlareHover');
    await page.locator('[data-product="mt-recover"] a').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => afterOpacity(page, 'mt-recover')).toBe('1');
  });

  test('stays still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/components/GlareHover');
    const card = page.locator('[data-product="mt-convert"]');
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(card).not.toHaveAttribute('data-glare-active', '');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-product="mt-convert"]')!, '::after').display)).toBe('none');
  });
});

test.describe('/test diagnostics', () => {
  test('shows what the edge decided, the upstream health and the live browser state', async ({ page, context }) => {
    await gotoHydrated(page, '/ja-JP/test?debug_country=JP');
    const server = page.locator('[data-diagnostics="server"]');
    await expect(server.locator('[data-fact="locale"]')).toHaveText('ja-JP');
    await expect(server.locator('[data-fact="country"]')).toHaveText('JP');
    await expect(server.locator('[data-fact="currency"]')).toHaveText('JPY');
    // The upstream's health is checked through the edge after the page loads (GET /health/upstream).
    const upstream = page.locator('[data-diagnostics="upstream"] [data-fact="upstream"]');
    await expect(upstream).toHaveAttribute('data-state', 'ok');
    await expect(page.locator('[data-report]')).toContainText(await upstream.innerText());
    const checks: string[] = [];
    page.on('request', (request) => void (request.url().includes('/health/upstream') && checks.push(request.url())));
    await page.getByRole('button', { name: 'もう一度確認' }).click();
    await expect(upstream).toHaveAttribute('data-state', 'ok');
    expect(checks).toHaveLength(1);
    const browser = page.locator('[data-diagnostics="browser"]');
    await expect(browser.locator('[data-fact="network"]')).toHaveAttribute('data-value', 'online');
    await context.setOffline(true);
    await expect(browser.locator('[data-fact="network"]')).toHaveAttribute('data-value', 'offline');
    await context.setOffline(false);
    await page.locator('.nav-desktop [data-theme-option="dark"]').click();
    await expect(browser.locator('[data-fact="theme"]')).toHaveAttribute('data-value', 'dark:dark');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
  });
});
