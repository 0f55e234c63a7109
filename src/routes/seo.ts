import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { sitemapEntries } from '../pages/machinery/head';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * /sitemap.xml (every indexable page in every locale, with hreflang alternates), /robots.txt, and
 * /favicon.ico: browsers ask for it on a page that names no icon (a text file, an image), crawlers
 * ask for it anyway; it leads to the site's one icon, /favicon.svg.
 */
export const seo = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) => {
    const urls = sitemapEntries(c.env.SITE_URL)
      .map(({ loc, alternates }) => {
        const links = Object.entries(alternates)
          .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`)
          .join('');
        return `<url><loc>${escapeXml(loc)}</loc>${links}</url>`;
      })
      .join('\n');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
    );
  })
  .get('/robots.txt', (c) => {
    // The same rules in every environment, so what Lighthouse audits locally is what crawlers get.
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /beacon', 'Disallow: /download/', '', `Sitemap: ${new URL('/sitemap.xml', c.env.SITE_URL).href}`];
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(lines.join('\n') + '\n');
  })
  .get('/favicon.ico', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect('/favicon.svg', 301);
  });
