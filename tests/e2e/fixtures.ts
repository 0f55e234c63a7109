import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** A phone as the site sees one (Safari on an iPhone): for `test.use()` or `browser.newContext()`. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** Navigates and waits until every island has hydrated (see waitHydrated). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitHydrated(page);
  return response;
}

/**
 * Waits until the client entry has been through every island (it sets body[data-hydrated] then),
 * and fails unless React hydrated each of them (each marker gets data-island-hydrated): an island
 * whose code is missing or failed to load leaves its marker without it.
 */
export async function waitHydrated(page: Page) {
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator('[data-island]:not([data-island-hydrated])'), 'islands that did not hydrate').toHaveCount(0);
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
export function collectErrors(page: Page, errors: string[] = []): string[] {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Contexts already reporting (the default context is made through browser.newContext too). */
const watched = new WeakSet<BrowserContext>();

/** Every page of a context, the ones it has and the ones it opens, reports into `errors`, once. */
function collectContextErrors(context: BrowserContext, errors: string[]) {
  if (watched.has(context)) return;
  watched.add(context);
  for (const page of context.pages()) collectErrors(page, errors);
  context.on('page', (page) => collectErrors(page, errors));
}

interface ConsoleFixtures {
  /** Console errors and uncaught exceptions of every page the test opened, in order. */
  pageErrors: string[];
  /**
   * Declares errors the test provokes on purpose (offline, a failing upstream, a 404 page's own
   * status): an error matching one of the patterns does not fail the test. Call it before or
   * during the test; the check runs when the test ends.
   */
  expectErrors: (...patterns: RegExp[]) => void;
  _expectedErrors: RegExp[];
  _consoleGuard: void;
}

/**
 * Every test fails on a console error or an uncaught exception in any page it opened (the default
 * `page`, and pages of contexts it makes with `browser.newContext()`), unless the test declared
 * that error with `expectErrors`. Automatic: a test need not ask for it.
 */
export const test = base.extend<ConsoleFixtures>({
  // Every context starts in US English with no stored choices, so the first-visit language offer stays out.
  locale: 'en-US',
  pageErrors: async ({}, use) => {
    await use([]);
  },
  _expectedErrors: async ({}, use) => {
    await use([]);
  },
  expectErrors: async ({ _expectedErrors }, use) => {
    await use((...patterns) => void _expectedErrors.push(...patterns));
  },
  context: async ({ context, pageErrors }, use) => {
    collectContextErrors(context, pageErrors);
    await use(context);
  },
  _consoleGuard: [
    async ({ browser, pageErrors, _expectedErrors }, use) => {
      // Contexts a test makes itself are watched too, for as long as the test runs.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext.apply(browser, args);
        collectContextErrors(context, pageErrors);
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = pageErrors.filter((error) => !_expectedErrors.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors or uncaught exceptions in the test\'s pages').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
