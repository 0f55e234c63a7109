import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { EXE, IMAGES, MIME, pngOfSize } from '../fixtures/images';
import { at, msg, type Locale } from './messages';

// The feedback form in a real browser against the site, its upload route and the reference
// origin: every field message, a wrong captcha, a full ticket with two screenshots, refused
// files, the upstream failing (fault switch), in en-US, French and Chinese, on a desktop and a phone.


// Each test fills a long form and uploads through the real route: close to a minute on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const res = await request.post('/api/feedback/captcha', { data: {}, headers: { 'CF-Connecting-IP': '10.254.255.1' }, timeout: 60_000 });
  expect(res.status()).toBe(200);
});

// Each test is its own visitor: the edge limits submits and uploads per client IP.
test.beforeEach(async ({ page }) => {
  const n = Math.floor(Math.random() * 60_000);
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.${200 + (n % 50)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}` });
});

/** The contract's field messages, by the field they belong to. */
const REQUIRED: Record<string, string> = {
  ticket_type: 'ticketTypeRequired',
  problem_type: 'problemTypeRequired',
  first_name: 'firstNameRequired',
  last_name: 'lastNameRequired',
  name: 'nameRequired',
  email: 'emailRequired',
  subject: 'subjectRequired',
  captcha: 'captchaRequired',
};
const inputOf = (page: Page, name: string) => page.locator(`#feedback-form [name="${name}"]`);
const submitButton = (page: Page, locale: Locale) => page.getByRole('button', { name: msg(locale, 'feedback.form.submit') });

async function expectRequiredMessages(page: Page, locale: Locale) {
  await submitButton(page, locale).click();
  for (const [name, key] of Object.entries(REQUIRED)) {
    const input = inputOf(page, name);
    const errorId = `${(await input.getAttribute('id'))!}-error`;
    await expect(page.locator(`#${errorId}`)).toHaveText(msg(locale, `feedback.errors.${key}`));
    expect((await input.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  // The first wrong field has the focus.
  await expect(inputOf(page, 'ticket_type')).toBeFocused();
}

async function captchaAnswer(page: Page, request: APIRequestContext): Promise<string> {
  const image = page.locator('#feedback-form .captcha-image[data-captcha-status="ready"]');
  await expect(image).toBeVisible();
  const id = await image.getAttribute('data-captcha-id');
  const res = await request.get(`/__test/captcha/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { answer: string }).answer;
}

interface Filled {
  email: string;
  subject: string;
}

async function fillTicket(page: Page, locale: Locale): Promise<Filled> {
  const email = `fb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const subject = `Cannot recover photos ${Math.random().toString(36).slice(2, 7)}`;
  await inputOf(page, 'ticket_type').selectOption('recovery');
  await inputOf(page, 'problem_type').selectOption('memory_card');
  await inputOf(page, 'first_name').fill('Ada');
  await inputOf(page, 'last_name').fill('Lovelace');
  await inputOf(page, 'email').fill(email);
  await inputOf(page, 'order_number').fill('MTSEEDPAID0000001');
  await inputOf(page, 'subject').fill(subject);
  await inputOf(page, 'remark').fill('The quick scan stops at 80% on my SD card.');
  await inputOf(page, 'version').fill('5.2.1');
  void locale;
  return { email, subject };
}

async function attach(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('#feedback-attachments').setInputFiles(files);
}
const image = (ext: keyof typeof IMAGES, name = `screen.${ext}`) => ({ name, mimeType: MIME[ext], buffer: Buffer.from(IMAGES[ext]) });

async function expectKept(page: Page, filled: Filled, images: number) {
  await expect(inputOf(page, 'ticket_type')).toHaveValue('recovery');
  await expect(inputOf(page, 'problem_type')).toHaveValue('memory_card');
  await expect(inputOf(page, 'first_name')).toHaveValue('Ada');
  await expect(inputOf(page, 'last_name')).toHaveValue('Lovelace');
  await expect(inputOf(page, 'name')).not.toHaveValue('');
  await expect(inputOf(page, 'email')).toHaveValue(filled.email);
  await expect(inputOf(page, 'subject')).toHaveValue(filled.subject);
  await expect(inputOf(page, 'remark')).toHaveValue('The quick scan stops at 80% on my SD card.');
  await expect(page.locator('#feedback-form [data-upload-result="success"]')).toHaveCount(images);
}

test.describe('feedback form: validation', () => {
  test('en-US: every required-field message appears beside its field, and goes as the field is fixed', async ({ page }) => {
    await gotoHydrated(page, '/feedback');
    await expect(page.locator('h1')).toHaveText(msg('en-US', 'pages.feedback.heading'));
    await expectRequiredMessages(page, 'en-US');
    // Once submitted, each change is checked again: a bad email says so, a good one clears it.
    await inputOf(page, 'email').fill('not-an-email');
    await expect(page.locator('#feedback-email-error')).toHaveText('email is invalid');
    await inputOf(page, 'email').fill('ada@example.com');
    await expect(page.locator('#feedback-email-error')).toHaveCount(0);
    // The reply name follows the two names until it is edited.
    await inputOf(page, 'first_name').fill('Ada');
    await inputOf(page, 'last_name').fill('Lovelace');
    await expect(inputOf(page, 'name')).toHaveValue('Ada Lovelace');
    await expect(page.locator('#feedback-name-error')).toHaveCount(0);
  });

  test('fr-FR: the same messages in French, with the limits hinted before any upload', async ({ page }) => {
    await gotoHydrated(page, '/fr-FR/feedback');
    await expect(page.locator('#feedback-attachments-hint')).toHaveText(msg('fr-FR', 'feedback.upload.hint', { count: '5', size: '5' }));
    await expectRequiredMessages(page, 'fr-FR');
  });

  test('prefills ticket type, order number and email from the query, and the system from the browser', async ({ page }) => {
    await gotoHydrated(page, '/feedback?ticket_type=refund&order_id=MTORDER0001&email=buyer%40example.com');
    await expect(inputOf(page, 'ticket_type')).toHaveValue('refund');
    await expect(inputOf(page, 'order_number')).toHaveValue('MTORDER0001');
    await expect(inputOf(page, 'email')).toHaveValue('buyer@example.com');
    await expect(inputOf(page, 'system_version')).not.toHaveValue('');
    await expect(inputOf(page, 'device_name')).not.toHaveValue('');
  });

  test('refuses an oversized and a disguised file with the reason, and keeps the good one', async ({ page }, testInfo) => {
    await gotoHydrated(page, '/feedback');
    // From disk: handing the browser a path is much faster than sending 5 MB through the protocol.
    const huge = testInfo.outputPath('huge.png');
    const disguised = testInfo.outputPath('setup.png');
    writeFileSync(huge, pngOfSize(5 * 1024 * 1024 + 1));
    writeFileSync(disguised, EXE);
    await page.locator('#feedback-attachments').setInputFiles([huge, disguised]);
    await attach(page, [image('png')]);
    const items = page.locator('#feedback-form .upload-item');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0).locator('[data-upload-result="failed"]')).toContainText(msg('en-US', 'feedback.upload.failed'));
    await expect(items.nth(0)).toContainText(msg('en-US', 'feedback.upload.reasons.tooBig', { size: '5' }));
    await expect(items.nth(1).locator('[data-upload-result="failed"]')).toContainText(msg('en-US', 'feedback.upload.failed'));
    await expect(items.nth(1)).toContainText(msg('en-US', 'feedback.upload.reasons.wrongType'));
    await expect(items.nth(2).locator('[data-upload-result="success"]')).toHaveText(msg('en-US', 'feedback.upload.success'));
    // Remove takes it off the list.
    await items.nth(1).getByRole('button', { name: msg('en-US', 'feedback.upload.remove', { name: 'setup.png' }) }).click();
    await expect(items).toHaveCount(2);
  });

  test('is axe-clean with its errors, an uploaded image and a refused one showing', async ({ page }) => {
    await gotoHydrated(page, '/ja-JP/feedback');
    await submitButton(page, 'ja-JP').click();
    await expect(page.locator('#feedback-subject-error')).toBeVisible();
    await attach(page, [image('png'), { name: 'setup.png', mimeType: 'image/png', buffer: Buffer.from(EXE) }]);
    await expect(page.locator('#feedback-form [data-upload-result]')).toHaveCount(2);
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const result = await axe.run(document.querySelector('#feedback-form')!, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
  });

  test('the demo page uploads for real and shows the key the server answered', async ({ page }) => {
    await gotoHydrated(page, '/components/UploadImage');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page.locator('#demo-upload').setInputFiles([image('gif'), { name: 'fake.gif', mimeType: 'image/gif', buffer: Buffer.from(EXE) }]);
    await expect(page.locator('[data-upload-result="success"]')).toHaveText(msg('en-US', 'feedback.upload.success'));
    await expect(page.locator('[data-upload-result="failed"]')).toContainText(msg('en-US', 'feedback.upload.failed'));
    await expect(page.locator('[data-upload-keys] li')).toHaveText([/^[0-9a-f]{32}\/[0-9a-f]{32}\.gif$/]);
  });

  test('a 6 MB image the browser sends anyway gets the server\'s localized "too large" answer, shown by the component', async ({ page, expectErrors }, testInfo) => {
    // Chromium logs the refused uploads' 413 as a console error: the refusal is what is tested.
    expectErrors(/status of 413/);
    await gotoHydrated(page, '/fr-FR/components/UploadImage');
    // The demo can leave every check to the server: the browser then really sends the 6 MB.
    await page.getByRole('checkbox', { name: msg('fr-FR', 'feedback.upload.demo.serverChecks') }).check();
    const big = testInfo.outputPath('photo-6mb.png');
    writeFileSync(big, pngOfSize(6 * 1024 * 1024));
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/upload');
    await page.locator('#demo-upload').setInputFiles(big);
    expect((await answer).status()).toBe(413);
    // Before the edge read the rest of the body, the XHR failed with a reset and this said the
    // upload never reached the server (feedback.upload.reasons.network).
    const item = page.locator('.upload-item').filter({ hasText: 'photo-6mb.png' });
    await expect(item.locator('[data-upload-result="failed"]')).toContainText(msg('fr-FR', 'feedback.upload.failed'));
    await expect(item).toContainText(msg('fr-FR', 'feedback.upload.reasons.tooBig', { size: '5' }));
    await expect(item).not.toContainText(msg('fr-FR', 'feedback.upload.reasons.network'));
    // The page's own fetch of the same 6 MB reads the whole localized answer.
    const fromPage = await page.evaluate(async () => {
      const res = await fetch(`/api/upload?draft=${'f'.repeat(32)}`, { method: 'POST', body: new Blob([new Uint8Array(6 * 1024 * 1024)]), headers: { 'content-type': 'image/png', 'x-site-locale': 'fr-FR' } });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(fromPage).toEqual({ status: 413, body: { resp_common: { ret: 4001001, msg: msg('fr-FR', 'feedback.upload.reasons.tooBig', { size: '5' }) }, reason: 'too_big' } });
  });

  test('Node\'s fetch sending 6 MB reads the 413 answer, not a reset connection', async ({ baseURL }) => {
    const body = pngOfSize(6 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseURL}/api/upload?draft=${'e'.repeat(31)}${i}`, { method: 'POST', body, headers: { 'content-type': 'image/png', 'x-site-locale': 'ja-JP', 'cf-connecting-ip': `10.253.${i}.${1 + Math.floor(Math.random() * 250)}` } });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ resp_common: { ret: 4001001, msg: msg('ja-JP', 'feedback.upload.reasons.tooBig', { size: '5' }) }, reason: 'too_big' });
    }
  });
});

// These submit tickets, and one turns the origin's /feedback/add off for a moment: one at a time.
test.describe('feedback form: submitting', () => {
  test.describe.configure({ mode: 'serial' });

  test('a wrong captcha says Submission failed with the reason, keeps every field and image, and shows a new code', async ({ page }) => {
    await gotoHydrated(page, '/feedback');
    const filled = await fillTicket(page, 'en-US');
    await attach(page, [image('png')]);
    await expect(page.locator('#feedback-form [data-upload-result="success"]')).toHaveCount(1);
    const before = await page.locator('#feedback-form .captcha-image[data-captcha-status="ready"]').getAttribute('data-captcha-id');
    await inputOf(page, 'captcha').fill('WRONG');
    await submitButton(page, 'en-US').click();
    const failure = page.locator('#feedback-form [data-outcome="failed"]');
    await expect(failure).toContainText('Submission failed');
    await expect(failure).toContainText(msg('en-US', 'ui.api.4590003'));
    await expectKept(page, filled, 1);
    await expect(page.locator('#feedback-form .captcha-image[data-captcha-status="ready"]')).not.toHaveAttribute('data-captcha-id', before!);
    await expect(inputOf(page, 'captcha')).toHaveValue('');
  });

  test('offline: the failure never claims a new code that did not load, and the code loads by itself once back online', async ({ page, context, expectErrors }) => {
    // Every request made while offline fails in the browser's console: that is the point here.
    expectErrors(/ERR_INTERNET_DISCONNECTED/);
    await gotoHydrated(page, '/feedback');
    const filled = await fillTicket(page, 'en-US');
    await inputOf(page, 'captcha').fill('ABCDE');
    const captcha = page.locator('#feedback-form .captcha-image');
    await expect(captcha).toHaveAttribute('data-captcha-status', 'ready');
    const before = await captcha.getAttribute('data-captcha-id');
    await context.setOffline(true);
    await submitButton(page, 'en-US').click();
    const failure = page.locator('#feedback-form [data-outcome="failed"]');
    await expect(failure).toContainText('Submission failed');
    await expect(captcha).toHaveAttribute('data-captcha-status', 'failed');
    await expect(page.locator('#feedback-captcha-status')).toHaveText(msg('en-US', 'feedback.captcha.loadFailed'));
    await expect(failure).not.toContainText(msg('en-US', 'feedback.failure.newCode'));
    await expectKept(page, filled, 0);
    // Back online: a new code arrives without pressing "New code", and only now is it announced.
    await context.setOffline(false);
    await expect(captcha).toHaveAttribute('data-captcha-status', 'ready');
    await expect(captcha).not.toHaveAttribute('data-captcha-id', before!);
    await expect(captcha.locator('img')).toBeVisible();
    await expect(failure).toContainText(msg('en-US', 'feedback.failure.newCode'));
  });

  test('a full ticket with two screenshots succeeds; the origin holds it with both keys, and the images are kept', async ({ page, request }) => {
    await gotoHydrated(page, '/feedback');
    const filled = await fillTicket(page, 'en-US');
    await attach(page, [image('png'), image('jpg')]);
    await expect(page.locator('#feedback-form [data-upload-result="success"]')).toHaveCount(2);
    await inputOf(page, 'captcha').fill((await captchaAnswer(page, request)).toLowerCase());
    await submitButton(page, 'en-US').click();
    const outcome = page.locator('#feedback-form [data-outcome="submitted"]');
    await expect(outcome).toContainText('I have already submitted feedback information for you');
    await expect(outcome).toContainText(msg('en-US', 'feedback.success.promise', { email: filled.email }));
    await expect(outcome).toBeFocused();
    const ticketId = await outcome.locator('[data-ticket-id]').getAttribute('data-ticket-id');
    // Cleared only now.
    await expect(inputOf(page, 'subject')).toHaveValue('');
    await expect(page.locator('#feedback-form .upload-item')).toHaveCount(0);
    const stored = await request.get(`/__test/feedback/${ticketId}`);
    expect(stored.status()).toBe(200);
    const body = (await stored.json()) as { ticket: Record<string, unknown>; attachments: string[]; images: Record<string, string> };
    expect(body.ticket).toMatchObject({ email: filled.email, subject: filled.subject, ticket_type: 'recovery', problem_type: 'memory_card', name: 'Ada Lovelace', lang: 'en-US' });
    expect(body.attachments).toHaveLength(2);
    expect(body.attachments[0]).toMatch(/\.png$/);
    expect(body.attachments[1]).toMatch(/\.jpg$/);
    await expect.poll(async () => Object.values(((await (await request.get(`/__test/feedback/${ticketId}`)).json()) as typeof body).images)).toEqual(['attached', 'attached']);
  });

  test('the upstream failing (fault switch) keeps every field and image for a retry', { tag: '@upstream-fault' }, async ({ page, request, expectErrors }) => {
    expectErrors(/status of 5\d\d .*\/api\/feedback\/add\)/);
    await gotoHydrated(page, '/feedback');
    const filled = await fillTicket(page, 'en-US');
    await attach(page, [image('webp')]);
    await expect(page.locator('#feedback-form [data-upload-result="success"]')).toHaveCount(1);
    await inputOf(page, 'captcha').fill(await captchaAnswer(page, request));
    expect((await request.post('/__test/upstream-faults', { data: { fail_path: '/feedback/add' } })).status()).toBe(200);
    try {
      await submitButton(page, 'en-US').click();
      const failure = page.locator('#feedback-form [data-outcome="failed"]');
      await expect(failure).toContainText('Submission failed');
      await expect(failure).toContainText(msg('en-US', 'ui.api.5900004'));
    } finally {
      await request.post('/__test/upstream-faults', { data: { fail_path: null } });
    }
    await expectKept(page, filled, 1);
    // The retry with the new code goes through.
    await inputOf(page, 'captcha').fill(await captchaAnswer(page, request));
    await submitButton(page, 'en-US').click();
    await expect(page.locator('#feedback-form [data-outcome="submitted"]')).toContainText('I have already submitted feedback information for you');
  });

  test.describe('on a phone, in Chinese', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'Sec-CH-UA-Mobile': '?1' } });

    test('the messages show, nothing overflows, and a ticket with an image goes through', async ({ page, request }) => {
      await gotoHydrated(page, at('zh-CN', '/feedback'));
      await expectRequiredMessages(page, 'zh-CN');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const filled = await fillTicket(page, 'zh-CN');
      await expect(inputOf(page, 'name')).toHaveValue('LovelaceAda');
      await attach(page, [image('gif')]);
      await expect(page.locator('#feedback-form [data-upload-result="success"]')).toHaveText(msg('zh-CN', 'feedback.upload.success'));
      await inputOf(page, 'captcha').fill(await captchaAnswer(page, request));
      await submitButton(page, 'zh-CN').click();
      const outcome = page.locator('#feedback-form [data-outcome="submitted"]');
      await expect(outcome).toContainText(msg('zh-CN', 'feedback.success.title'));
      await expect(outcome).toContainText(msg('zh-CN', 'feedback.success.promise', { email: filled.email }));
    });
  });
});
