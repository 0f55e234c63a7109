import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Route } from '@playwright/test';
import { test, expect, gotoHydrated, waitHydrated } from './fixtures';
import { at, msg, newEmail, type Locale } from './messages';

// The three email forms in a real browser against the site and the reference origin: success,
// each refusal, client validation, and the upstream going down with the input kept and a retry.


// A fresh site seeds the reference origin's database on its first call: get that done before the
// first test's expectations start counting.
test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const res = await request.post('/api/feedback/captcha', { data: {}, headers: { 'CF-Connecting-IP': '10.255.255.1' }, timeout: 60_000 });
  expect(res.status()).toBe(200);
});

// Each test is its own visitor (the edge limits form submits per IP and path); the local
// runtime keeps a CF-Connecting-IP the request already carries.
test.beforeEach(async ({ page }, testInfo) => {
  const n = (testInfo.workerIndex * 10_000 + testInfo.repeatEachIndex * 1000 + Math.floor(Math.random() * 1000)) % 65_000;
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.${Math.floor(n / 250) % 250}.${n % 250}.${1 + Math.floor(Math.random() * 250)}` });
});

/** An input by its exact label ('Nom' must not also match 'Prénom'). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The form's alert region (failures and refusals) and status region (outcomes). */
const alertOf = (page: Page) => page.locator('form [role="alert"]').first();
const statusOf = (page: Page) => page.locator('form .form-status-region');

/** Makes every /api/ request fail the way `mode` says until `restore` is called. */
async function breakApi(page: Page, mode: 'abort' | 500) {
  const handler = (route: Route) => (mode === 'abort' ? route.abort('connectionreset') : route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }));
  await page.route('**/api/**', handler);
  return () => page.unroute('**/api/**', handler);
}

test.describe('retrieve licence code', () => {
  test('sends the code of a paid email and says where it went', async ({ page }) => {
    await gotoHydrated(page, '/license-code');
    await field(page, msg('en-US', 'ui.forms.email')).fill('paid@example.com');
    await page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') }).click();
    const outcome = statusOf(page).locator('[data-outcome="sent"]');
    await expect(outcome).toContainText(msg('en-US', 'ui.licenseCode.sent', { email: 'paid@example.com' }));
    await expect(outcome).toBeFocused();
  });

  test('says in Japanese that an email has not been registered', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/license-code');
    await field(page, msg('ja-JP', 'ui.forms.email')).fill(newEmail('unregistered'));
    await page.getByRole('button', { name: msg('ja-JP', 'ui.licenseCode.submit') }).click();
    await expect(alertOf(page)).toContainText(msg('ja-JP', 'ui.licenseCode.notRegistered'));
    await expect(alertOf(page).getByRole('link', { name: msg('ja-JP', 'ui.licenseCode.querySteps') })).toHaveAttribute('href', '/ja-JP/query-steps');
  });

  for (const locale of ['en-US', 'fr-FR'] as const) {
    test(`checks the email before sending, in ${locale}`, async ({ page }) => {
      let apiCalls = 0;
      page.on('request', (request) => void (request.url().includes('/api/') && apiCalls++));
      await gotoHydrated(page, at(locale, '/license-code'));
      const email = field(page, msg(locale, 'ui.forms.email'));
      const submit = page.getByRole('button', { name: msg(locale, 'ui.licenseCode.submit') });

      await submit.click();
      await expect(page.locator('#license-code-email-error')).toHaveText(msg(locale, 'ui.forms.errors.emailRequired'));
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAttribute('aria-describedby', /license-code-email-error/);
      await expect(email).toBeFocused();

      await email.fill('paid-at-example.com');
      await expect(page.locator('#license-code-email-error')).toHaveCount(0);
      await submit.click();
      await expect(page.locator('#license-code-email-error')).toHaveText(msg(locale, 'ui.forms.errors.emailInvalid'));
      expect(apiCalls).toBe(0);
    });
  }

  test('keeps the email when the network fails, and sends it on Retry', async ({ page, expectErrors }) => {
    expectErrors(/ERR_CONNECTION_RESET \(\S+\/api\/pay\/send_cdkey_order_mail\)/);
    await gotoHydrated(page, '/license-code');
    await field(page, msg('en-US', 'ui.forms.email')).fill('paid@example.com');
    const restore = await breakApi(page, 'abort');
    await page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') }).click();

    await expect(alertOf(page)).toContainText(msg('en-US', 'ui.api.5900001'));
    await expect(alertOf(page)).toContainText(msg('en-US', 'ui.forms.inputKept'));
    await expect(field(page, msg('en-US', 'ui.forms.email'))).toHaveValue('paid@example.com');
    const retry = page.getByRole('button', { name: msg('en-US', 'ui.forms.retry') });
    await expect(retry).toBeFocused();

    await restore();
    await retry.click();
    await expect(statusOf(page)).toContainText(msg('en-US', 'ui.licenseCode.sent', { email: 'paid@example.com' }));
    await expect(alertOf(page)).toBeEmpty();
  });

  test('waits while offline and sends by itself once the connection is back', async ({ page, context }) => {
    await gotoHydrated(page, '/zh-CN/license-code');
    await field(page, msg('zh-CN', 'ui.forms.email')).fill('paid@example.com');
    await context.setOffline(true);
    await page.getByRole('button', { name: msg('zh-CN', 'ui.licenseCode.submit') }).click();
    await expect(statusOf(page)).toContainText(msg('zh-CN', 'ui.forms.offline'));
    await context.setOffline(false);
    await expect(statusOf(page)).toContainText(msg('zh-CN', 'ui.licenseCode.sent', { email: 'paid@example.com' }));
  });

  test('shows the progress bar and a busy button while the request is under way', async ({ page }) => {
    await gotoHydrated(page, '/license-code');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/pay/send_cdkey_order_mail', async (route) => {
      await held;
      await route.continue();
    });
    await field(page, msg('en-US', 'ui.forms.email')).fill('paid@example.com');
    await page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') }).click();

    const busy = page.getByRole('button', { name: msg('en-US', 'ui.forms.sending') });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(page.locator('form#license-code-form')).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('.progress-bar')).toHaveAttribute('data-phase', 'running');

    release();
    await expect(statusOf(page)).toContainText(msg('en-US', 'ui.licenseCode.sentTitle'));
    await expect(page.locator('.progress-bar')).toHaveAttribute('data-phase', 'idle');
    await expect(page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('answers repeated submits with the too-frequent message from the edge', async ({ page, expectErrors }) => {
    expectErrors(/status of 429 .*\/api\/pay\/send_cdkey_order_mail\)/);
    await gotoHydrated(page, '/fr-FR/license-code');
    await field(page, msg('fr-FR', 'ui.forms.email')).fill('paid@example.com');
    const submit = page.getByRole('button', { name: msg('fr-FR', 'ui.licenseCode.submit') });
    // Use up this visitor's quota of the path (10 a minute) with the page's own fetch, then submit.
    // The limiter's windows are aligned to the clock; should one roll over in between, use it up again.
    const exhaust = () =>
      page.evaluate(async () => {
        for (let i = 0; i < 25; i++) {
          const res = await fetch('/api/pay/send_cdkey_order_mail', { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-locale': 'fr-FR' }, body: '{"email":"paid@example.com"}' });
          if (res.status === 429) return true;
        }
        return false;
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await exhaust()).toBe(true);
      await submit.click();
      await expect(page.locator('#license-code-form .form-message').first()).toBeVisible();
      if ((await alertOf(page).textContent())?.includes(msg('fr-FR', 'ui.api.6919992'))) break;
    }
    await expect(alertOf(page)).toContainText(msg('fr-FR', 'ui.api.6919992'));
    await expect(page.getByRole('button', { name: msg('fr-FR', 'ui.forms.retry') })).toBeVisible();
    await expect(field(page, msg('fr-FR', 'ui.forms.email'))).toHaveValue('paid@example.com');
  });

  test('keeps what was typed before the form came alive', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/LicenseCodeForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for `load`: the held chunk is modulepreloaded, which would hold the load event too.
    await page.goto('/license-code', { waitUntil: 'domcontentloaded' });
    const submit = page.locator('#license-code-form button[type="submit"]');
    await expect(submit).toBeDisabled();
    await page.locator('#license-code-email').fill('paid@example.com');
    release();
    await waitHydrated(page);
    await expect(submit).toBeEnabled();
    await expect(page.locator('#license-code-email')).toHaveValue('paid@example.com');
    await submit.click();
    await expect(statusOf(page)).toContainText(msg('en-US', 'ui.licenseCode.sentTitle'));
  });

  test('has no accessibility violations with an error showing', async ({ page }) => {
    await gotoHydrated(page, '/license-code');
    await page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') }).click();
    await expect(page.locator('#license-code-email-error')).toBeVisible();
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run(document.querySelector('main')!, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
  });
});

test.describe('retrieve licence code without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cannot be submitted anywhere before the page is ready', async ({ page }) => {
    await page.goto('/license-code');
    await expect(page.locator('#license-code-form')).toHaveAttribute('action', '/license-code');
    await expect(page.locator('#license-code-form button[type="submit"]')).toBeDisabled();
    await page.locator('#license-code-email').fill('paid@example.com');
    await page.locator('#license-code-email').press('Enter');
    await expect(page).toHaveURL(/\/license-code$/);
    await expect(page.locator('#license-code-email')).toHaveValue('paid@example.com');
    // Playwright turns scripts off without telling the parser, so <noscript> stays raw text here.
    expect(await page.locator('#license-code-form ~ noscript, .form-card noscript').first().textContent()).toContain(msg('en-US', 'pages.license-code.noscript'));
  });
});

test.describe('retrieve trial code', () => {
  test('shows a new trial code and copies it with the Clipboard API', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = newEmail('trial');
    await gotoHydrated(page, '/trial-code');
    await field(page, msg('en-US', 'ui.forms.email')).fill(email);
    await page.getByRole('button', { name: msg('en-US', 'ui.trialCode.submit') }).click();

    const code = page.locator('[data-trial-code]');
    await expect(code).toHaveText(/^MTTR(-[0-9A-Z]{5}){4}$/);
    await expect(page.locator('[data-outcome="issued"]')).toContainText(msg('en-US', 'ui.trialCode.issued', { email }));
    await page.getByRole('button', { name: msg('en-US', 'ui.trialCode.copy') }).click();
    await expect(page.locator('.copy-status[role="status"]')).toHaveText(msg('en-US', 'ui.copy.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());
  });

  test('copies with the fallback when the Clipboard API refuses', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
      const w = window as unknown as { __copied: string[] };
      w.__copied = [];
      document.execCommand = ((command: string) => {
        w.__copied.push(`${command}:${String(document.getSelection()?.toString() || (document.activeElement as HTMLTextAreaElement | null)?.value)}`);
        return true;
      }) as typeof document.execCommand;
    });
    await gotoHydrated(page, '/ja-JP/trial-code');
    await field(page, msg('ja-JP', 'ui.forms.email')).fill(newEmail('fallback'));
    await page.getByRole('button', { name: msg('ja-JP', 'ui.trialCode.submit') }).click();
    const code = (await page.locator('[data-trial-code]').textContent())!;
    await page.getByRole('button', { name: msg('ja-JP', 'ui.trialCode.copy') }).click();
    await expect(page.locator('.copy-status[role="status"]')).toHaveText(msg('ja-JP', 'ui.copy.copied'));
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([`copy:${code}`]);
  });

  const reasons = [
    { reason: 'claimed', code: 4570002, email: 'claimed@example.com', query: '' },
    { reason: 'purchased', code: 4570003, email: 'paid@example.com', query: '' },
    { reason: 'expired', code: 4570004, email: null, query: '?activity_id=2' },
    { reason: 'notNew', code: 4570005, email: 'installed@example.com', query: '' },
  ];
  for (const { reason, code, email, query } of reasons) {
    test(`explains the ${code} refusal (${reason})`, async ({ page }) => {
      await gotoHydrated(page, `/trial-code${query}`);
      await field(page, msg('en-US', 'ui.forms.email')).fill(email ?? newEmail('expired'));
      await page.getByRole('button', { name: msg('en-US', 'ui.trialCode.submit') }).click();
      const refusal = alertOf(page).locator(`[data-outcome="refused"][data-code="${code}"]`);
      // The code's own wording first, then the site's explanation.
      await expect(refusal.locator('[data-reason-label]')).toHaveText(msg('en-US', `ui.trialCode.reasonLabels.${reason}`));
      await expect(refusal).toContainText(msg('en-US', `ui.trialCode.reasons.${reason}`));
      await expect(refusal).toBeFocused();
      await expect(page.locator('[data-trial-code]')).toHaveCount(0);
    });
  }

  test('offers the licence form to a buyer', async ({ page }) => {
    await gotoHydrated(page, '/zh-CN/trial-code');
    await field(page, msg('zh-CN', 'ui.forms.email')).fill('refunding@example.com');
    await page.getByRole('button', { name: msg('zh-CN', 'ui.trialCode.submit') }).click();
    await expect(alertOf(page)).toContainText(msg('zh-CN', 'ui.trialCode.reasons.purchased'));
    await expect(alertOf(page).getByRole('link', { name: msg('zh-CN', 'ui.trialCode.licenseLink') })).toHaveAttribute('href', '/zh-CN/license-code');
  });

  test('explains in Japanese that an installed device cannot claim again', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/trial-code?device_id=INSTALLED-DEVICE-0001');
    await field(page, msg('ja-JP', 'ui.forms.email')).fill(newEmail('device'));
    await page.getByRole('button', { name: msg('ja-JP', 'ui.trialCode.submit') }).click();
    await expect(alertOf(page)).toContainText(msg('ja-JP', 'ui.trialCode.reasons.notNew'));
  });

  test('explains in Japanese that the email already claimed the trial', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/trial-code');
    await field(page, msg('ja-JP', 'ui.forms.email')).fill('claimed@example.com');
    await page.getByRole('button', { name: msg('ja-JP', 'ui.trialCode.submit') }).click();
    await expect(alertOf(page).locator('[data-reason-label]')).toHaveText(msg('ja-JP', 'ui.trialCode.reasonLabels.claimed'));
    await expect(alertOf(page)).toContainText(msg('ja-JP', 'ui.trialCode.reasons.claimed'));
  });

  test('keeps the email when the site answers 500, and claims the code on Retry', async ({ page, expectErrors }) => {
    expectErrors(/status of 500 .*\/api\/activity\/receive\)/);
    const email = newEmail('retry');
    await gotoHydrated(page, '/fr-FR/trial-code');
    await field(page, msg('fr-FR', 'ui.forms.email')).fill(email);
    const restore = await breakApi(page, 500);
    await page.getByRole('button', { name: msg('fr-FR', 'ui.trialCode.submit') }).click();
    await expect(alertOf(page)).toContainText(msg('fr-FR', 'ui.api.5900004'));
    await expect(field(page, msg('fr-FR', 'ui.forms.email'))).toHaveValue(email);

    await restore();
    await page.getByRole('button', { name: msg('fr-FR', 'ui.forms.retry') }).click();
    await expect(page.locator('[data-trial-code]')).toHaveText(/^MTTR-/);
  });
});

test.describe('do not sell my info', () => {
  test('records a request in French and says it is handled within 72 hours', async ({ page }) => {
    await gotoHydrated(page, '/fr-FR/do-not-sell-my-info');
    await field(page, msg('fr-FR', 'ui.forms.firstName')).fill('Camille');
    await field(page, msg('fr-FR', 'ui.forms.lastName')).fill('Martin');
    await field(page, msg('fr-FR', 'ui.forms.email')).fill(newEmail('camille'));
    await page.getByRole('button', { name: msg('fr-FR', 'ui.doNotSell.submit') }).click();
    await expect(statusOf(page)).toContainText(msg('fr-FR', 'ui.doNotSell.received'));
  });

  test('refuses a repeat email with the product message', async ({ page }) => {
    await gotoHydrated(page, '/do-not-sell-my-info');
    await field(page, msg('en-US', 'ui.forms.firstName')).fill('Opt');
    await field(page, msg('en-US', 'ui.forms.lastName')).fill('Out');
    await field(page, msg('en-US', 'ui.forms.email')).fill('optout@example.com');
    await page.getByRole('button', { name: msg('en-US', 'ui.doNotSell.submit') }).click();
    await expect(alertOf(page)).toContainText('The email address already exists. Please do not add it again.');
  });

  test('shows each field its message and focuses the first', async ({ page }) => {
    await gotoHydrated(page, '/do-not-sell-my-info');
    await page.getByRole('button', { name: msg('en-US', 'ui.doNotSell.submit') }).click();
    await expect(page.locator('#do-not-sell-first-name-error')).toHaveText('First Name is required');
    await expect(page.locator('#do-not-sell-last-name-error')).toHaveText('Last Name is required');
    await expect(page.locator('#do-not-sell-email-error')).toHaveText('email is required');
    await expect(field(page, msg('en-US', 'ui.forms.firstName'))).toBeFocused();

    await field(page, msg('en-US', 'ui.forms.email')).fill('not-an-email');
    await page.getByRole('button', { name: msg('en-US', 'ui.doNotSell.submit') }).click();
    await expect(page.locator('#do-not-sell-email-error')).toHaveText('email is invalid');
  });

  test('asks for the family name first in Japanese', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/do-not-sell-my-info');
    const names = await page.locator('#do-not-sell-form input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name));
    expect(names).toEqual(['last_name', 'first_name', 'email']);
    await page.getByRole('button', { name: msg('ja-JP', 'ui.doNotSell.submit') }).click();
    await expect(field(page, msg('ja-JP', 'ui.forms.lastName'))).toBeFocused();
  });

  test('keeps the three fields when the network fails, and sends them on Retry', async ({ page, expectErrors }) => {
    expectErrors(/ERR_CONNECTION_RESET \(\S+\/api\/privacy_control\/add\)/);
    const email = newEmail('dns-retry');
    await gotoHydrated(page, '/do-not-sell-my-info');
    await field(page, msg('en-US', 'ui.forms.firstName')).fill('Grace');
    await field(page, msg('en-US', 'ui.forms.lastName')).fill('Hopper');
    await field(page, msg('en-US', 'ui.forms.email')).fill(email);
    const restore = await breakApi(page, 'abort');
    await page.getByRole('button', { name: msg('en-US', 'ui.doNotSell.submit') }).click();
    await expect(alertOf(page)).toContainText(msg('en-US', 'ui.api.5900001'));
    await expect(field(page, msg('en-US', 'ui.forms.firstName'))).toHaveValue('Grace');
    await expect(field(page, msg('en-US', 'ui.forms.lastName'))).toHaveValue('Hopper');
    await expect(field(page, msg('en-US', 'ui.forms.email'))).toHaveValue(email);

    await restore();
    await page.getByRole('button', { name: msg('en-US', 'ui.forms.retry') }).click();
    await expect(statusOf(page)).toContainText(msg('en-US', 'ui.doNotSell.received'));
  });

  test('is silent about Global Privacy Control when the browser does not send it', async ({ page }) => {
    await gotoHydrated(page, '/do-not-sell-my-info');
    await expect(page.locator('[data-gpc]')).toHaveCount(0);
  });

  test.describe('with the Sec-GPC header', () => {
    test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

    test('tells the visitor the signal is honoured, from the first paint', async ({ page }) => {
      await page.goto('/fr-FR/do-not-sell-my-info');
      await expect(page.locator('[data-gpc="honoured"]')).toContainText(msg('fr-FR', 'ui.doNotSell.gpcTitle'));
    });
  });

  test('tells a browser exposing navigator.globalPrivacyControl that the signal is honoured', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await gotoHydrated(page, '/do-not-sell-my-info');
    await expect(page.locator('[data-gpc="honoured"]')).toContainText(msg('en-US', 'ui.doNotSell.gpcText'));
  });
});

test('the query-steps page leads to the licence and trial forms', async ({ page }) => {
  await gotoHydrated(page, '/ja-JP/query-steps');
  await page.locator('main a[href="/ja-JP/license-code"]').first().click();
  await expect(page).toHaveURL(/\/ja-JP\/license-code$/);
  await waitHydrated(page);
  await expect(page.locator('#license-code-form')).toBeVisible();
  await page.goto('/ja-JP/query-steps');
  await page.locator('main a[href="/ja-JP/trial-code"]').first().click();
  await expect(page).toHaveURL(/\/ja-JP\/trial-code$/);
  await expect(page.locator('#trial-code-form')).toBeVisible();
});

// An address longer than 254 characters belongs to nobody: every email field keeps all of it
// (no truncating maxlength) and refuses it with its own message, before anything is sent.
test.describe('an email address that is too long', () => {
  // 248 + '@example.com' = 260 characters.
  const longEmail = `${'a'.repeat(248)}@example.com`;
  const forms = [
    { path: '/license-code', input: '#license-code-email', error: '#license-code-email-error', submit: 'ui.licenseCode.submit', message: 'ui.forms.errors.emailTooLong' },
    { path: '/trial-code', input: '#trial-code-email', error: '#trial-code-email-error', submit: 'ui.trialCode.submit', message: 'ui.forms.errors.emailTooLong' },
    { path: '/do-not-sell-my-info', input: '#do-not-sell-email', error: '#do-not-sell-email-error', submit: 'ui.doNotSell.submit', message: 'ui.forms.errors.emailTooLong' },
    { path: '/feedback', input: '#feedback-email', error: '#feedback-email-error', submit: 'feedback.form.submit', message: 'feedback.errors.emailTooLong' },
    { path: '/checkout?product_id=81901', input: '#checkout-email', error: '#checkout-email-error', submit: null, message: 'ui.forms.errors.emailTooLong' },
  ];
  for (const locale of ['en-US', 'fr-FR'] as const) {
    for (const form of forms) {
      test(`${form.path} keeps all 260 characters and refuses them with a clear message, in ${locale}`, async ({ page }) => {
        const calls: string[] = [];
        page.on('request', (request) => void (request.method() === 'POST' && request.url().includes('/api/') && !request.url().includes('/api/feedback/captcha') && calls.push(request.url())));
        await gotoHydrated(page, at(locale, form.path));
        const input = page.locator(form.input);
        await input.fill(longEmail);
        await expect(input).toHaveValue(longEmail);
        if (form.submit) await page.getByRole('button', { name: msg(locale, form.submit) }).click();
        else await page.locator('.checkout-continue').click();
        await expect(page.locator(form.error)).toHaveText(msg(locale, form.message));
        await expect(page.locator(form.error)).toContainText('254');
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveValue(longEmail);
        expect(calls).toEqual([]);
      });
    }
  }
});
