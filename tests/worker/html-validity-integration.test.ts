import { describe, expect, it } from 'vitest';
import { LOCALES, localizePath } from '../../src/domain/locales';
import { get } from './helpers';

// Rules of the HTML standard that the Nu Html Checker enforces, checked on the pages as served.

/** Every `<dd …>` start tag that carries a role (a dd allows no role at all). */
function ddWithRole(html: string): string[] {
  return [...html.matchAll(/<dd\b[^>]*>/gi)].map((m) => m[0]).filter((tag) => /\srole=/i.test(tag));
}

/** The start tag of every <section> that holds no h1–h6 before it closes (nested sections' headings do not count for it). */
function sectionsWithoutHeading(html: string): string[] {
  const open: { tag: string; headed: boolean }[] = [];
  const missing: string[] = [];
  for (const m of html.matchAll(/<(\/?)(section|h[1-6])\b[^>]*>/gi)) {
    const [tag, closing, name] = m as unknown as [string, string, string];
    if (name.toLowerCase() === 'section') {
      if (!closing) open.push({ tag, headed: false });
      else {
        const section = open.pop();
        if (section && !section.headed) missing.push(section.tag);
      }
    } else if (!closing && open.length > 0) {
      open[open.length - 1]!.headed = true;
    }
  }
  return missing;
}

describe('/test', () => {
  it.each([...LOCALES])('in %s puts no role on a <dd>', async (locale) => {
    const res = await get(localizePath(locale, '/test'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-fact="upstream"');
    expect(ddWithRole(html)).toEqual([]);
  });
});

describe('/components/UploadImage', () => {
  it.each([...LOCALES])('in %s gives every section a heading', async (locale) => {
    const res = await get(localizePath(locale, '/components/UploadImage'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<section');
    expect(sectionsWithoutHeading(html)).toEqual([]);
  });
});
