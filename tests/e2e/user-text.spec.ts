import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoHydrated } from './fixtures';
import { IMAGES, MIME } from '../fixtures/images';
import { msg, newEmail } from './messages';

// Text that visitors type (names, subjects, descriptions, emails, order numbers, file names)
// takes its direction from its own first strong character (dir="auto"), while they edit it and
// wherever the site shows it back: Arabic or Hebrew reads right-to-left inside the site's
// left-to-right pages, and an address stays left-to-right.

test.beforeEach(async ({ page }) => {
  const n = Math.floor(Math.random() * 60_000);
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': `10.${150 + (n % 50)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}` });
});

/** The direction the browser resolved for an element (the :dir() pseudo-class). */
const direction = (locator: Locator) => locator.evaluate((el) => (el.matches(':dir(rtl)') ? 'rtl' : 'ltr'));

/** Every field a visitor types into on the page. */
const typedFields = (page: Page) => page.locator('main form input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"]), main form textarea');

test('the feedback form edits Arabic and Hebrew right-to-left, and an email left-to-right', async ({ page }) => {
  await gotoHydrated(page, '/feedback');
  const input = (name: string) => page.locator(`#feedback-form [name="${name}"]`);
  const rtl: Record<string, string> = {
    first_name: 'سارة',
    last_name: 'כהן',
    subject: 'לא ניתן לשחזר תמונות',
    remark: 'حذفت الملفات من بطاقة الذاكرة.',
    order_number: 'طلب 12',
    version: 'גרסה 5',
  };
  for (const [name, text] of Object.entries(rtl)) {
    await input(name).fill(text);
    expect(await direction(input(name)), name).toBe('rtl');
  }
  // The reply name is composed from the two names: it follows their direction too.
  expect(await direction(input('name'))).toBe('rtl');
  await input('email').fill('sara@example.com');
  expect(await direction(input('email'))).toBe('ltr');
  // Every field of the form is set up this way, not just the ones tried here.
  for (const field of await typedFields(page).all()) await expect(field).toHaveAttribute('dir', 'auto');
});

for (const path of ['/license-code', '/trial-code', '/do-not-sell-my-info', '/checkout?product_id=81901']) {
  test(`every field a visitor types into on ${path} takes its text's direction`, async ({ page }) => {
    await gotoHydrated(page, path);
    const fields = await typedFields(page).all();
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) await expect(field).toHaveAttribute('dir', 'auto');
    if (path === '/do-not-sell-my-info') {
      const first = page.getByLabel(msg('en-US', 'ui.forms.firstName'), { exact: true });
      await first.fill('יעל');
      expect(await direction(first)).toBe('rtl');
    }
  });
}

test('an uploaded file named in Arabic is listed right-to-left', async ({ page }) => {
  await gotoHydrated(page, '/components/UploadImage');
  await page.locator('#demo-upload').setInputFiles([{ name: 'لقطة الشاشة.png', mimeType: MIME.png, buffer: Buffer.from(IMAGES.png) }]);
  const name = page.locator('.upload-item .upload-name');
  await expect(name).toHaveText('لقطة الشاشة.png');
  expect(await direction(name)).toBe('rtl');
  await expect(page.locator('[data-upload-result="success"]')).toHaveCount(1);
});

test('the licence form shows the address it sent to as its own text', async ({ page }) => {
  await gotoHydrated(page, '/license-code');
  await page.getByLabel(msg('en-US', 'ui.forms.email'), { exact: true }).fill('paid@example.com');
  await page.getByRole('button', { name: msg('en-US', 'ui.licenseCode.submit') }).click();
  const outcome = page.locator('[data-outcome="sent"]');
  await expect(outcome).toContainText(msg('en-US', 'ui.licenseCode.sent', { email: 'paid@example.com' }));
  await expect(outcome.locator('bdi[dir="auto"]')).toHaveText('paid@example.com');
});

test('the checkout shows the buyer’s address as its own text', async ({ page }) => {
  await gotoHydrated(page, '/checkout?product_id=81901');
  const email = newEmail('dir');
  await page.getByLabel(msg('en-US', 'ui.forms.email'), { exact: true }).fill(email);
  await page.locator('.checkout-continue').click();
  await expect(page.locator('.checkout-payment-for bdi[dir="auto"]')).toHaveText(email);
});
