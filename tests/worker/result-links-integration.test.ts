import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { attributeValues, decodeHtml, get, message } from './helpers';

// The links each payment status offers, as /text-checkout renders every status with the result
// page's own component. A refund cancels the order's licence, so a refunding or refunded order
// never offers to send its licence code again; support about the order stays.

/** The HTML of the status block of `status` on /text-checkout. */
function statusBlock(html: string, status: string): string {
  const start = html.indexOf(`data-status="${status}"`);
  if (start < 0) throw new Error(`no ${status} block`);
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

describe('the links of each payment status', () => {
  it.each(LOCALES.flatMap((locale) => (['refunding', 'refunded'] as const).map((status) => ({ locale, status }))))(
    'a $status order in $locale offers support, not its licence code again',
    async ({ locale, status }) => {
      const html = await (await get(localizePath(locale, '/text-checkout'))).text();
      const block = statusBlock(html, status);
      const text = decodeHtml(block);
      expect(text).toContain(message(locale, 'checkout.result.supportLink'));
      expect(text).not.toContain(message(locale, 'checkout.result.licenseCodeLink'));
      expect(attributeValues(block, 'a', 'href')).not.toContain(localizePath(locale, '/license-code'));
    },
  );

  it.each([...LOCALES])('an order whose payment could not be confirmed in %s may still have its code sent again', async (locale) => {
    const html = await (await get(localizePath(locale, '/text-checkout'))).text();
    const block = statusBlock(html, 'unknownError');
    expect(decodeHtml(block)).toContain(message(locale, 'checkout.result.licenseCodeLink'));
    expect(attributeValues(block, 'a', 'href')).toContain(localizePath(locale, '/license-code'));
  });
});
