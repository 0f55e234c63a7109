import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { at, msg, newEmail, type Locale } from './messages';

// The withdrawal function in a real browser against the site and the reference origin: the whole
// path with the keyboard (form → confirmation → acknowledgement on screen and in the origin's mail
// log), refusals, the page without JavaScript, and the upstream failing then a Retry.

// A fresh site seeds the reference origin's database on its first call.
test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const res = await request.post('/api/feedback/captcha', { data: {}, headers: { 'CF-Connecting-IP': '10.254.254.1' }, timeout: 60_000 });
  expect(res.status()).toBe(200);
});

// Each test is its own visitor (the edge limits form submits per IP and path).
test.beforeEach(async ({ page }, testInfo) => {
  const n = (testInfo.workerIndex * 10_000 + Math.floor(Math.random() * 10_000)) % 62_500;
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.253.${Math.floor(n / 250)}.${1 + (n % 250)}` });
});

/** A new order paid with the 4242 test card, as a buyer's checkout would leave it. */
async function paidOrder(request: APIRequestContext): Promise<{ orderId: string; email: string }> {
  const email = newEmail('withdraw');
  const created = await request.post('/api/payv2/stripe/elements/create_cdkey_order', { data: { product_id: 81902, currency: 'EUR', email } });
  const order = (await created.json()) as { resp_common: { ret: number }; order_id: string; client_secret: string };
  expect(order.resp_common.ret).toBe(0);
  const paid = await request.post('/api/test-payments/confirm', { data: { order_id: order.order_id, client_secret: order.client_secret, card_number: '4242424242424242' } });
  expect(((await paid.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
  return { orderId: order.order_id, email };
}

interface Mail {
  kind: string;
  lang: string;
  subject: string;
  body: string;
}

async function withdrawalMails(request: APIRequestContext, email: string): Promise<Mail[]> {
  const res = await request.get(`/__test/outbox?email=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { mails: Mail[] }).mails.filter((mail) => mail.kind === 'withdrawal_received');
}

const form = (page: Page) => page.locator('#withdraw-form');

/** Fills the first step and goes on to the confirmation, with the keyboard only. */
async function fillAndContinue(page: Page, locale: Locale, { email, orderId, reason }: { email: string; orderId?: string; reason?: string }) {
  await page.locator('#withdraw-email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.locator('#withdraw-order-id')).toBeFocused();
  if (orderId !== undefined) {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(orderId);
  }
  await page.keyboard.press('Tab');
  await expect(page.locator('#withdraw-reason')).toBeFocused();
  if (reason) await page.keyboard.type(reason);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: msg(locale, 'withdraw.continue') })).toBeFocused();
  await page.keyboard.press('Enter');
}

test.describe('withdrawing from an order', () => {
  test('the whole path with the keyboard: form, confirmation, acknowledgement on screen and by email', async ({ page, request }) => {
    const { orderId, email } = await paidOrder(request);
    // The payment result page links the withdrawal with the order filled in.
    await gotoHydrated(page, `/withdraw?order_id=${orderId}`);
    await expect(page.locator('#withdraw-order-id')).toHaveValue(orderId);
    await fillAndContinue(page, 'en-US', { email, reason: 'It did not find my photos.' });

    const review = form(page).locator('[data-step="review"]');
    await expect(review.getByRole('heading', { name: msg('en-US', 'withdraw.review.heading') })).toBeFocused();
    await expect(review).toContainText(msg('en-US', 'withdraw.review.statement', { order: orderId }));
    await expect(review).toContainText(email);
    await expect(review).toContainText('It did not find my photos.');
    await expect(page.locator('#withdraw-email')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: msg('en-US', 'withdraw.confirm') })).toBeFocused();
    await page.keyboard.press('Enter');

    const outcome = form(page).locator('[data-outcome="received"]');
    await expect(outcome).toBeFocused();
    await expect(outcome).toContainText(msg('en-US', 'withdraw.done.title'));
    await expect(outcome).toContainText(orderId);
    await expect(outcome).toContainText(msg('en-US', 'withdraw.done.mailed', { email }));
    const received = await outcome.locator('time').getAttribute('datetime');
    expect(Math.abs(Date.parse(received!) - Date.now())).toBeLessThan(5 * 60_000);
    await expect(outcome.locator('time')).not.toBeEmpty();

    const mails = await withdrawalMails(request, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`Order number: ${orderId}`);
    expect(mails[0]!.body).toContain('Reason given: It did not find my photos.');
    expect(mails[0]!.lang).toBe('en-US');
  });

  test('a second request for the same order says it was already received, in German', async ({ page, request }) => {
    const { orderId, email } = await paidOrder(request);
    expect((await request.post('/api/pay/withdrawal_request', { data: { email, order_id: orderId } })).status()).toBe(200);
    await gotoHydrated(page, at('de-DE', '/withdraw'));
    await fillAndContinue(page, 'de-DE', { email, orderId });
    await page.getByRole('button', { name: msg('de-DE', 'withdraw.confirm') }).click();
    const outcome = form(page).locator('[data-outcome="already-received"]');
    await expect(outcome).toContainText(msg('de-DE', 'withdraw.done.alreadyTitle'));
    await expect(outcome).toContainText(msg('de-DE', 'withdraw.done.alreadyMailed', { email }));
    expect(await withdrawalMails(request, email)).toHaveLength(1);
  });

  test('checks the fields, then says on the order field that the order is not the email’s, keeping the input', async ({ page }) => {
    let apiCalls = 0;
    page.on('request', (r) => void (r.url().includes('/api/pay/withdrawal_request') && apiCalls++));
    await gotoHydrated(page, at('fr-FR', '/withdraw'));
    await page.getByRole('button', { name: msg('fr-FR', 'withdraw.continue') }).click();
    const email = page.locator('#withdraw-email');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-describedby', /withdraw-email-error/);
    await expect(page.locator('#withdraw-email-error')).toHaveText(msg('fr-FR', 'ui.forms.errors.emailRequired'));
    await expect(page.locator('#withdraw-order-id-error')).toHaveText(msg('fr-FR', 'ui.forms.errors.orderIdRequired'));
    expect(apiCalls).toBe(0);

    await fillAndContinue(page, 'fr-FR', { email: 'paid@example.com', orderId: 'MTNOSUCHORDER0001' });
    await page.getByRole('button', { name: msg('fr-FR', 'withdraw.confirm') }).click();
    const order = page.locator('#withdraw-order-id');
    await expect(order).toBeFocused();
    await expect(page.locator('#withdraw-order-id-error')).toHaveText(msg('fr-FR', 'withdraw.refusals.notFound'));
    await expect(order).toHaveAttribute('aria-describedby', /withdraw-order-id-error/);
    await expect(order).toHaveValue('MTNOSUCHORDER0001');
    await expect(email).toHaveValue('paid@example.com');
  });

  test('“Change details” goes back to the form with everything kept', async ({ page }) => {
    await gotoHydrated(page, at('ja-JP', '/withdraw'));
    await fillAndContinue(page, 'ja-JP', { email: 'paid@example.com', orderId: 'MTSEEDPAID0000002', reason: '理由のテスト' });
    await page.getByRole('button', { name: msg('ja-JP', 'withdraw.edit') }).click();
    await expect(page.locator('#withdraw-email')).toBeFocused();
    await expect(page.locator('#withdraw-email')).toHaveValue('paid@example.com');
    await expect(page.locator('#withdraw-order-id')).toHaveValue('MTSEEDPAID0000002');
    await expect(page.locator('#withdraw-reason')).toHaveValue('理由のテスト');
    await expect(form(page).locator('[data-step="review"]')).toHaveCount(0);
  });

  test('the page and each step have no accessibility violations', async ({ browser }) => {
    // Five axe runs on a shared 2-core machine: more than the default 30 s.
    test.setTimeout(90_000);
    const context = await browser.newContext({ bypassCSP: true, locale: 'en-US' });
    const page = await context.newPage();
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const violations = async () => {
      await page.evaluate(axeSource);
      return page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        const result = await axe.run(document.body, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
    };
    await gotoHydrated(page, '/withdraw');
    await page.getByRole('button', { name: msg('en-US', 'withdraw.continue') }).click();
    await expect(page.locator('#withdraw-email-error')).toBeVisible();
    expect(await violations()).toEqual([]);
    await fillAndContinue(page, 'en-US', { email: 'paid@example.com', orderId: 'MTSEEDPAID0000001' });
    await expect(page.locator('[data-step="review"]')).toBeVisible();
    expect(await violations()).toEqual([]);
    for (const path of ['/ja-JP/tokushoho', '/accessibility']) {
      await gotoHydrated(page, path);
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page says how to withdraw by email instead', async ({ page }) => {
    await page.goto(at('es-ES', '/withdraw'));
    await expect(page.locator('.form-noscript')).toHaveText(msg('es-ES', 'pages.withdraw.noscriptEmail', { email: 'seller@example.com' }));
    await expect(page.getByRole('button', { name: msg('es-ES', 'withdraw.continue') })).toBeDisabled();
  });
});

test('the upstream failing on confirm: the reason, everything kept, and Retry sends it', { tag: '@upstream-fault' }, async ({ page, request, expectErrors }) => {
  // The browser logs the 502 this test provokes.
  expectErrors(/status of 502/);
  const { orderId, email } = await paidOrder(request);
  await gotoHydrated(page, '/withdraw');
  await fillAndContinue(page, 'en-US', { email, orderId, reason: 'Sent during an outage' });
  expect((await request.post('/__test/upstream-faults', { data: { fail_path: '/pay/withdrawal_request' } })).status()).toBe(200);
  try {
    await page.getByRole('button', { name: msg('en-US', 'withdraw.confirm') }).click();
    const alert = form(page).locator('[role="alert"]');
    await expect(alert).toContainText(msg('en-US', 'ui.api.5900004'));
    await expect(alert).toContainText(msg('en-US', 'ui.forms.inputKept'));
    await expect(page.getByRole('button', { name: msg('en-US', 'ui.forms.retry') })).toBeFocused();
    // Still the summary, with what will be sent.
    await expect(form(page).locator('[data-step="review"]')).toContainText(orderId);
    expect(await withdrawalMails(request, email)).toHaveLength(0);
  } finally {
    await request.post('/__test/upstream-faults', { data: { fail_path: null } });
  }
  await page.keyboard.press('Enter');
  const outcome = form(page).locator('[data-outcome="received"]');
  await expect(outcome).toContainText(msg('en-US', 'withdraw.done.title'));
  await expect(form(page).locator('[role="alert"]')).not.toContainText(msg('en-US', 'ui.api.5900004'));
  const mails = await withdrawalMails(request, email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.body).toContain('Reason given: Sent during an outage');
});
