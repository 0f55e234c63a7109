import { test as base, expect, type Page } from '@playwright/test';

/** A phone as the site sees one (Safari on an iPhone): for `test.use()` or `browser.newContext()`. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** Navigates and waits until every island has hydrated (the client entry sets body[data-hydrated]). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitHydrated(page);
  return response;
}

export async function waitHydrated(page: Page) {
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Keeps link clicks from navigating, after the page's own handlers have run (a window listener
 * fires last), so a test can look at the page "while the next one loads" for as long as it likes.
 * (Holding the request with page.route instead makes this Chromium build drop the page.)
 */
export async function holdLinkNavigations(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __heldNavigations: string[] };
    w.__heldNavigations = [];
    window.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || event.defaultPrevented) return;
      event.preventDefault();
      w.__heldNavigations.push(link.href);
    });
  });
  return {
    /** The URLs the page tried to navigate to. */
    held: () => page.evaluate(() => (window as unknown as { __heldNavigations: string[] }).__heldNavigations),
  };
}

/** Console errors and uncaught exceptions of a page, collected from its creation on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * A page whose console errors fail the test: every test that uses `page` gets this check for free.
 * Tests can read `pageErrors` to assert on them directly.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  // Every context starts in US English with no stored choices, so the first-visit language offer stays out.
  locale: 'en-US',
  pageErrors: async ({ page }, use) => {
    const errors = collectErrors(page);
    await use(errors);
  },
});

export { expect };
