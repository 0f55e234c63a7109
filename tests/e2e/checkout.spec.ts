import type { Page } from '@playwright/test';
import { test, expect as baseExpect, gotoHydrated, PHONE } from './fixtures';
import { at, msg, newEmail, type Locale } from './messages';

// Page loads after a payment take a while on a busy machine; nothing here is a timing assertion.
const expect = baseExpect.configure({ timeout: 15_000 });

// The purchase in a real browser against the site and the reference origin in test mode:
// buy → checkout → pay → result → licence code; declines and retry on the same order; PayPal's
// test approve and cancel; reload mid-poll; refunds; the upstream failing during create; a live
// page whose providers cannot load.


// Each test is a whole purchase (several page loads and API calls): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const res = await request.post('/api/feedback/captcha', { data: {}, headers: { 'CF-Connecting-IP': '10.255.254.1' }, timeout: 60_000 });
  expect(res.status()).toBe(200);
});

test.beforeEach(async ({ page }) => {
  const n = Math.floor(Math.random() * 60_000);
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.${200 + (n % 50)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}` });
});

// No console error and no CSP violation (Chromium logs "Refused to …" as an error) on any checkout
// page: the fixtures check every test. Expected: the 404 page's own status, the live-mode test's
// aborted provider scripts, and the failing-upstream test's 502.
test.beforeEach(async ({ expectErrors }, testInfo) => {
  expectErrors(/status of 404/);
  if (testInfo.title.includes('live-mode')) expectErrors(/ERR_FAILED|js\.stripe\.com|paypal\.com/);
  if (testInfo.title.includes('upstream failing')) expectErrors(/status of 502/);
});

const emailField = (page: Page, locale: Locale) => page.getByLabel(msg(locale, 'ui.forms.email'), { exact: true });

/** Email and method, then "Continue to payment": the order is created and the payment step shows. */
async function startPayment(page: Page, locale: Locale, email: string, method: 'stripe' | 'paypal' = 'stripe') {
  await emailField(page, locale).fill(email);
  if (method === 'paypal') await page.locator('[data-method-option="paypal"] input').check();
  await page.locator('.checkout-continue').click();
  await expect(page.locator('.checkout-payment')).toBeVisible();
}

async function payByCard(page: Page, locale: Locale, card: string) {
  await page.getByLabel(msg(locale, 'checkout.test.cardNumber'), { exact: true }).fill(card);
  await page.locator('.checkout-test-card .checkout-pay').click();
}

async function expectStatus(page: Page, status: string) {
  await expect(page.locator('.checkout-result')).toHaveAttribute('data-result-status', status, { timeout: 45_000 });
}

/** The order id of the result page the browser is on. */
const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order_id')!;

async function licenceCodeOf(page: Page, orderId: string): Promise<string> {
  const res = await page.request.post('/api/pay/get_cd_key', { data: { order_id: orderId } });
  const body = (await res.json()) as { cd_key: string };
  return body.cd_key;
}

for (const locale of ['en-US', 'ja-JP'] as const) {
  test(`buys with 4242 in ${locale}: paid, licence code shown and copyable, same as get_cd_key`, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, at(locale, '/buy'));
    await page.locator('[data-buy-product="81902"]').click();
    await expect(page).toHaveURL(/\/checkout\?product_id=81902/);
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('.checkout-summary')).toContainText(msg(locale, 'buy.plans.oneYear.title'));
    const email = newEmail('buyer');
    await startPayment(page, locale, email);
    await payByCard(page, locale, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/result\?order_id=/, { timeout: 45_000 });
    await expectStatus(page, 'paid');
    await expect(page.getByRole('heading', { name: msg(locale, 'checkout.status.paid.title') })).toBeFocused();
    // The withdrawal and refund page, for this order.
    await expect(page.locator('[data-next="withdraw"]')).toHaveAttribute('href', `${at(locale, '/withdraw')}?order_id=${orderIdOf(page)}`);
    await expect(page.locator('[data-next="withdraw"]')).toHaveText(msg(locale, 'checkout.review.refundLink'));
    const code = page.locator('[data-licence-code]');
    await expect(code).toHaveText(/^MTDR-/);
    expect(await code.textContent()).toBe(await licenceCodeOf(page, orderIdOf(page)));
    await expect(page.locator('.checkout-code')).toContainText(msg(locale, 'checkout.code.sentTo', { email }));
    await page.getByRole('button', { name: msg(locale, 'ui.copy.copy') }).click();
    await expect(page.locator('.copy-status[role="status"]')).toHaveText(msg(locale, 'ui.copy.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());
    await expect(page.locator('.checkout-steps')).toContainText(msg(locale, 'checkout.steps.activate.title'));
    await page.getByRole('button', { name: msg(locale, 'checkout.code.sendAgain') }).click();
    await expect(page.locator('.checkout-code-mail [role="status"]')).toHaveText(msg(locale, 'checkout.code.sentAgain', { email }));
  });
}

test('the result page of a paid order grows without moving anything in view (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] })[]) {
        if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, sources: entry.sources.map((s) => (s.node as Element | null)?.className ?? String(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoHydrated(page, '/checkout?product_id=81902');
  await startPayment(page, 'en-US', newEmail('no-shift'));
  await payByCard(page, 'en-US', '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/checkout\/result\?order_id=/, { timeout: 45_000 });
  await expectStatus(page, 'paid');
  await expect(page.locator('[data-licence-code]')).toHaveText(/^MTDR-/);
  await expect(page.locator('.checkout-steps')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
});

for (const [card, reason] of [
  ['4000 0000 0000 0002', 'card_declined'],
  ['4000 0000 0000 9995', 'insufficient_funds'],
] as const) {
  test(`a ${reason} card shows the failure page; retry with 4242 pays the same order`, async ({ page }) => {
    await gotoHydrated(page, '/checkout?product_id=81901');
    await startPayment(page, 'en-US', newEmail(reason));
    await payByCard(page, 'en-US', card);
    await expectStatus(page, 'failed');
    const orderId = orderIdOf(page);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.locator('.checkout-status-reason')).toHaveText(msg('en-US', `checkout.decline.${reason}`));
    await expect(page.locator('.checkout-order-number')).toHaveText(msg('en-US', 'checkout.result.orderNumber', { order: orderId }));
    await expect(page.locator('[data-next="support"]')).toHaveAttribute('href', `/feedback?order_number=${orderId}`);
    await expect(page.locator('[data-next="change-method"]')).toHaveAttribute('href', /method=paypal/);
    await page.locator('[data-next="retry"]').click();
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('.checkout-test-card')).toBeVisible();
    await payByCard(page, 'en-US', '4242424242424242');
    await expectStatus(page, 'paid');
    expect(orderIdOf(page)).toBe(orderId);
  });
}

// Prices as Intl writes them in the page's locale (the non-breaking space of German included).
for (const [country, currency, locale, method, shown, amount] of [
  ['DE', 'EUR', 'de-DE', 'stripe', '27,99\u00a0€', 2799],
  ['KR', 'KRW', 'ko-KR', 'stripe', '₩39,000', 39000],
  ['BR', 'BRL', 'en-US', 'paypal', 'R$159.90', 15990],
] as const) {
  test(`a visitor from ${country} buys One-Year in ${currency} by ${method} in ${locale}: the order is charged the price shown`, async ({ page }) => {
    const n = Math.floor(Math.random() * 60_000);
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.${150 + (n % 50)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`, 'X-Debug-Country': country });
    await gotoHydrated(page, at(locale, '/buy'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('.buy-page')).toHaveAttribute('data-currency', currency);
    await page.locator('[data-buy-product="81902"]').click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?product_id=81902&currency=${currency}`));
    await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('.checkout-summary .plan-price-current')).toHaveText(shown);
    // PayPal takes no won: the card is the only method there.
    await expect(page.locator('[data-method-option="paypal"]')).toHaveCount(currency === 'KRW' ? 0 : 1);
    // A buyer in the EEA waives the right of withdrawal before paying; elsewhere nothing is asked.
    await expect(page.locator('#checkout-waiver')).toHaveCount(country === 'DE' ? 1 : 0);
    if (country === 'DE') await page.locator('#checkout-waiver').check();
    await startPayment(page, locale, newEmail(currency.toLowerCase()), method);
    await expect(page.locator('.checkout-payment-for')).toContainText(shown);
    if (method === 'stripe') {
      await payByCard(page, locale, '4242 4242 4242 4242');
    } else {
      await page.getByRole('button', { name: msg(locale, 'checkout.methods.paypal.button') }).click();
      await page.getByRole('button', { name: msg(locale, 'checkout.test.paypalApprove') }).click();
    }
    await expectStatus(page, 'paid');
    const res = await page.request.post(`/api/mingtingvip/payv2/${method}/order/query`, { data: { order_id: orderIdOf(page) } });
    expect(await res.json()).toMatchObject({ pay_status: 'paid', product_id: 81902, currency, amount });
  });
}

test('the result page reads the order from its URL and keeps it through a language switch', async ({ page }) => {
  // The HTML names no order (one cached rendering serves every buyer): the island reads the URL.
  const query = '?order_id=MTSEEDPAID0000001&pay_type=1&product_id=81903&isSem=1';
  await gotoHydrated(page, `/checkout/result${query}`);
  await expectStatus(page, 'paid');
  await expect(page.locator('.checkout-order-number')).toHaveText(msg('en-US', 'checkout.result.orderNumber', { order: 'MTSEEDPAID0000001' }));
  await page.locator('.nav-desktop .language-switcher button').click();
  await page.locator('.nav-desktop [data-locale-link="fr-FR"]').click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/fr-FR/checkout/result${query}`);
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' });
  await expectStatus(page, 'paid');
  await expect(page.locator('[data-licence-code]')).toHaveText('MTDR-SEED0-PA1D0-00000-00001');
});

test.describe('on a phone', () => {
  test.use({ ...PHONE, extraHTTPHeaders: { 'Sec-CH-UA-Mobile': '?1' } });

  test('is sent to /mobile/checkout and buys with 4242 in zh-CN', async ({ page }) => {
    await gotoHydrated(page, '/zh-CN/checkout?product_id=81903');
    expect(new URL(page.url()).pathname).toBe('/zh-CN/mobile/checkout');
    await startPayment(page, 'zh-CN', newEmail('phone'));
    await payByCard(page, 'zh-CN', '4242 4242 4242 4242');
    await expectStatus(page, 'paid');
    await expect(page.locator('[data-licence-code]')).toHaveText(/^MTDR-/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('PayPal test approve pays; cancel returns to the checkout with the email kept', async ({ page }) => {
  await gotoHydrated(page, '/fr-FR/checkout?product_id=81902');
  const email = newEmail('paypal');
  await startPayment(page, 'fr-FR', email, 'paypal');
  await page.getByRole('button', { name: msg('fr-FR', 'checkout.methods.paypal.button') }).click();
  await page.getByRole('button', { name: msg('fr-FR', 'checkout.test.paypalCancel') }).click();
  await expect(page.locator('[data-notice="cancelled"]')).toHaveText(msg('fr-FR', 'checkout.errors.cancelled'));
  await expect(emailField(page, 'fr-FR')).toHaveValue(email);
  await page.getByRole('button', { name: msg('fr-FR', 'checkout.methods.paypal.button') }).click();
  await page.getByRole('button', { name: msg('fr-FR', 'checkout.test.paypalApprove') }).click();
  await expect(page).toHaveURL(/pay_type=2/, { timeout: 45_000 });
  await expectStatus(page, 'paid');
});

test('a reload mid-poll resumes, and a refund shows refunded with no code', async ({ page }) => {
  // The query answers 'paying' until the test confirms the order, as a slow provider would.
  await gotoHydrated(page, '/checkout?product_id=81901');
  await startPayment(page, 'en-US', newEmail('reload'));
  let hold = true;
  await page.route('**/api/test-payments/confirm', async (route) => {
    // Let the result page start polling first, then let the payment through.
    if (hold) return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ resp_common: { ret: 0, msg: 'success' }, order_id: 'x', pay_status: 'paying' }) });
    return route.continue();
  });
  await payByCard(page, 'en-US', '4242 4242 4242 4242');
  await expectStatus(page, 'paying');
  await expect(page.getByRole('heading', { name: msg('en-US', 'checkout.status.paying.title') })).toBeVisible();
  const orderId = orderIdOf(page);
  await page.reload();
  await expectStatus(page, 'paying');
  hold = false;
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mt-checkout-orders') || '{}'));
  const order = Object.values(kept as Record<string, { orderId: string; clientSecret: string }>).find((o) => o.orderId === orderId)!;
  const confirm = await page.request.post('/api/test-payments/confirm', { data: { order_id: orderId, client_secret: order.clientSecret, card_number: '4242424242424242' } });
  expect(((await confirm.json()) as { resp_common: { ret: number } }).resp_common.ret).toBe(0);
  await expectStatus(page, 'paid');
  const refund = await page.request.post('/__test/refund', { data: { order_id: orderId, status: 'refunded' } });
  expect(refund.status()).toBe(200);
  await page.reload();
  await expectStatus(page, 'refunded');
  await expect(page.locator('[data-licence-code]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: msg('en-US', 'checkout.status.refunded.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('en-US', 'checkout.result.licenseCodeLink') })).toHaveCount(0);
});

// A refund cancels the order's licence: the page offers support about the order, and never to
// send that code again.
for (const { orderId, payType, productId, status } of [
  { orderId: 'MTSEEDREFUNDING01', payType: 2, productId: 81902, status: 'refunding' },
  { orderId: 'MTSEEDREFUNDED001', payType: 1, productId: 81903, status: 'refunded' },
]) {
  test(`a ${status} order offers support, not its licence code again`, async ({ page }) => {
    await gotoHydrated(page, `/checkout/result?order_id=${orderId}&pay_type=${payType}&product_id=${productId}`);
    await expectStatus(page, status);
    await expect(page.getByRole('link', { name: msg('en-US', 'checkout.result.supportLink') })).toHaveAttribute('href', `/feedback?order_number=${orderId}`);
    await expect(page.getByRole('link', { name: msg('en-US', 'checkout.result.licenseCodeLink') })).toHaveCount(0);
    await expect(page.locator('[data-licence-code]')).toHaveCount(0);
  });
}

test('while the order is paying, the page says it updates by itself', async ({ page }) => {
  await gotoHydrated(page, '/ja-JP/checkout/result?order_id=MTSEEDPAYING00001&pay_type=1&product_id=81902');
  await expectStatus(page, 'paying');
  await expect(page.locator('.checkout-updating')).toHaveText(msg('ja-JP', 'checkout.result.updating'));
});

test.describe('the result page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('never says it updates by itself, and says first what to do instead', async ({ page }) => {
    await page.goto('/checkout/result?order_id=MTSEEDPAYING00001&pay_type=1&product_id=81902');
    const main = page.locator('main');
    await expect(main).toContainText(msg('en-US', 'pages.checkout-result.intro'));
    await expect(main).not.toContainText(/updates by itself|keep (this page|it) open/i);
    await expect(main).not.toContainText(msg('en-US', 'checkout.result.updating'));
    // Playwright's text matchers skip <noscript>: read its text from the DOM.
    expect(await main.locator('noscript').first().textContent()).toContain(msg('en-US', 'checkout.noscript.result'));
    // Read before the status that never changes without JavaScript.
    await expect(main.locator('noscript + [data-island="CheckoutResult"]')).toHaveCount(1);
  });
});

test('the upstream failing during create: a clear message, the email kept, one order once it recovers', { tag: '@upstream-fault' }, async ({ page }) => {
  await gotoHydrated(page, '/checkout?product_id=81902');
  const email = newEmail('faulty');
  const creates: string[] = [];
  page.on('request', (r) => void (r.url().includes('create_cdkey_order') && creates.push(r.url())));
  await page.request.post('/__test/upstream-faults', { data: { fail_api: true } });
  try {
    await emailField(page, 'en-US').fill(email);
    await page.locator('.checkout-continue').click();
    const notice = page.locator('[data-notice="error"]');
    await expect(notice).toContainText(msg('en-US', 'ui.api.5900004'));
    await expect(notice).toContainText(msg('en-US', 'checkout.errors.nothingCharged'));
    await expect(emailField(page, 'en-US')).toHaveValue(email);
  } finally {
    await page.request.post('/__test/upstream-faults', { data: { fail_api: false } });
  }
  await page.getByRole('button', { name: msg('en-US', 'ui.forms.retry') }).click();
  await expect(page.locator('.checkout-test-card')).toBeVisible();
  // A second press of the (now hidden) continue path reuses the order: go back and continue again.
  await page.locator('.checkout-back').click();
  await page.locator('.checkout-continue').click();
  await payByCard(page, 'en-US', '4242 4242 4242 4242');
  await expectStatus(page, 'paid');
  expect(creates).toHaveLength(2); // the failed one and the one order
});

test('a live-mode page whose providers cannot load says the method is not available', async ({ page }) => {
  await page.route('**/js.stripe.com/**', (route) => route.abort());
  await page.route('**/www.paypal.com/**', (route) => route.abort());
  for (const path of ['stripe/elements/create_cdkey_order', 'mingtingvip/payv2/paypal/create_cdkey_order'] as const) {
    await page.route(`**/api/${path.startsWith('stripe') ? 'payv2/' : ''}${path}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          ...(path.startsWith('mingtingvip') ? { result: { status: 0, msg: 'success' } } : { resp_common: { ret: 0, msg: 'success' } }),
          order_id: 'MTLIVEFAKE0000001',
          pay_type: path.startsWith('mingtingvip') ? 2 : 1,
          product_id: 81901,
          currency: 'USD',
          amount: 2499,
          client_secret: 'pi_fake_secret_fake',
          test_mode: false,
          paypal_order_id: 'PPFAKE',
        }),
      }),
    );
  }
  await gotoHydrated(page, '/checkout?product_id=81901');
  await emailField(page, 'en-US').fill(newEmail('live'));
  await page.locator('.checkout-continue').click();
  await expect(page.locator('[data-notice="unavailable"]')).toHaveText('Payment method not available on this device. Please try another option.');
  // The other method stays usable (and here fails the same way).
  await expect(page.locator('[data-method-option="paypal"] input')).toBeChecked();
  await page.locator('.checkout-continue').click();
  await expect(page.locator('[data-notice="unavailable"]')).toBeVisible();
  await expect(page.locator('[data-method-option="stripe"] input')).toBeDisabled();
});

test('an unknown product shows a localized message with a link to the plans, status 404', async ({ page }) => {
  const response = await gotoHydrated(page, '/ja-JP/checkout?product_id=12345&isSem=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: msg('ja-JP', 'checkout.unknown.heading') })).toBeVisible();
  await expect(page.getByRole('link', { name: msg('ja-JP', 'checkout.unknown.link') })).toHaveAttribute('href', '/ja-JP/buy?isSem=1');
});

test('/checkout opened with no plan (a bookmark) offers the plans, and a plan leads to its checkout', async ({ page }) => {
  const response = await gotoHydrated(page, '/fr-FR/checkout?from=bookmark');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: msg('fr-FR', 'checkout.choose.heading') })).toBeVisible();
  await expect(page.locator('.checkout-choose .plan-card')).toHaveCount(3);
  await page.locator('.checkout-choose [data-buy-product="81902"]').click();
  await page.waitForURL((url) => url.pathname === '/fr-FR/checkout' && url.searchParams.get('product_id') === '81902');
  expect(new URL(page.url()).searchParams.get('from')).toBe('bookmark');
  await expect(page.locator('.checkout-summary[data-product-id="81902"]')).toBeVisible();
  await expect(emailField(page, 'fr-FR')).toBeVisible();
});

test('the PayPal demo page pays in test mode', async ({ page }) => {
  await gotoHydrated(page, '/components/Paypal');
  await startPayment(page, 'en-US', newEmail('demo'));
  await page.getByRole('button', { name: msg('en-US', 'checkout.methods.paypal.button') }).click();
  await page.getByRole('button', { name: msg('en-US', 'checkout.test.paypalApprove') }).click();
  await expectStatus(page, 'paid');
});

test('the test checkout lists the test cards and pays with 4242', async ({ page }) => {
  await gotoHydrated(page, '/test-checkout');
  await expect(page.locator('.checkout-cards-table')).toContainText('4000 0000 0000 9995');
  await startPayment(page, 'en-US', newEmail('testpage'));
  await payByCard(page, 'en-US', '4242 4242 4242 4242');
  await expectStatus(page, 'paid');
});

test('the text preview shows every status and message in the current locale', async ({ page }) => {
  await gotoHydrated(page, '/fr-FR/text-checkout');
  for (const status of ['paying', 'paid', 'refunding', 'refunded', 'failed', 'unknownError']) {
    await expect(page.locator(`.checkout-status[data-status="${status}"]`)).toContainText(msg('fr-FR', `checkout.status.${status}.title`));
  }
  await expect(page.locator('[data-key="checkout.errors.unavailable"]')).toContainText(msg('fr-FR', 'checkout.errors.unavailable'));
});
