import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath, type Locale } from '../../src/domain/locales';
import { TESTIMONIAL_PEOPLE } from '../../src/domain/testimonials';
import { decodeHtml, get, message } from './helpers';

/** (id, name, quote) of each testimonial on a page, read from the HTML. */
async function testimonials(locale: Locale, path: string) {
  const html = await (await get(localizePath(locale, path), { headers: { cookie: `locale=${locale}` } })).text();
  return [...html.matchAll(/<li data-testimonial="([^"]+)">([\s\S]*?)<\/li>/g)].map(([, id = '', body = '']) => ({
    id,
    name: decodeHtml(/class="testimonial-name">([^<]*)</.exec(body)?.[1] ?? ''),
    quote: decodeHtml(/<blockquote><p>([^<]*)</.exec(body)?.[1] ?? ''),
  }));
}

describe('testimonials (id, avatar, name, position, content)', () => {
  for (const path of ['/', '/buy']) {
    it(`${path} credits each quote to the same person in every locale, with only the words translated`, async () => {
      const english = await testimonials('en-US', path);
      expect(english.length).toBeGreaterThanOrEqual(3);
      for (const locale of LOCALES) {
        const shown = await testimonials(locale, path);
        expect(shown.map(({ id, name }) => ({ id, name })), locale).toEqual(english.map(({ id, name }) => ({ id, name })));
        for (const item of shown) {
          expect(TESTIMONIAL_PEOPLE.find((person) => person.id === item.id)?.name).toBe(item.name);
          expect(item.quote).toBe(message(locale, `testimonials.${item.id}.content`));
          if (locale !== 'en-US') expect(item.quote, `${locale} ${item.id} is translated`).not.toBe(message('en-US', `testimonials.${item.id}.content`));
        }
      }
    });
  }
});
