import { test, expect, gotoHydrated, holdLinkNavigations } from './fixtures';

test.describe('progress bar', () => {
  test('appears only after 200 ms of a slow navigation', async ({ page }) => {
    await gotoHydrated(page, '/');
    // The next page never arrives: as slow a navigation as it gets.
    const navigation = await holdLinkNavigations(page);
    // Record, in page time, when the link is clicked and when the bar starts running.
    await page.evaluate(() => {
      const w = window as unknown as { __clickAt?: number; __runningAt?: number };
      document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
      const bar = document.querySelector('.progress-bar')!;
      new MutationObserver(() => {
        if (bar.getAttribute('data-phase') === 'running') w.__runningAt ??= performance.now();
      }).observe(bar, { attributes: true, attributeFilter: ['data-phase'] });
    });
    await expect(page.locator('.progress-bar')).toHaveAttribute('data-phase', 'idle');

    await page.locator('.nav-desktop a[href="/feedback"]').click();
    await expect(page.locator('.progress-bar')).toHaveAttribute('data-phase', 'running');
    const { clickAt, runningAt } = await page.evaluate(() => {
      const w = window as unknown as { __clickAt?: number; __runningAt?: number };
      return { clickAt: w.__clickAt ?? NaN, runningAt: w.__runningAt ?? NaN };
    });
    expect(runningAt - clickAt).toBeGreaterThanOrEqual(190);
    expect(runningAt - clickAt).toBeLessThan(1000);
    expect(await navigation.held()).toHaveLength(1);
  });

  test('stays hidden for a quick in-page action', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('.nav-desktop [data-theme-option="dark"]').click();
    await page.waitForTimeout(400);
    await expect(page.locator('.progress-bar')).toHaveAttribute('data-phase', 'idle');
  });
});
