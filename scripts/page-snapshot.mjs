#!/usr/bin/env node
// `node scripts/page-snapshot.mjs <folder> [--url http://127.0.0.1:8787]`: fetches every page of
// the route table in every locale (desktop and phone, plus the query variants that change a
// page) and writes each answer's status, headers that shape the page and body, with the CSP
// nonce and the bundles' content hashes blanked, into <folder>. Two snapshots taken before and after a refactor are compared
// with `diff -r`: a change that should not alter any page must leave no difference.
//
// The paths come from src/pages/machinery/route-table.ts and the locales from src/domain/locales.ts, read as
// text so the script needs no TypeScript loader.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startSite, stopOnSignal } from './lib/dev-server.mjs';

const [folder, ...rest] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node scripts/page-snapshot.mjs <folder> [--url <running site>]');
  process.exit(2);
}
const urlFlag = rest.indexOf('--url');
const givenUrl = urlFlag >= 0 ? rest[urlFlag + 1] : undefined;

const table = readFileSync(join(ROOT, 'src/pages/machinery/route-table.ts'), 'utf8');
const paths = [...new Set([...table.matchAll(/path: '([^']+)'/g)].map((m) => m[1]))];
const mobilePaths = new Set([...table.matchAll(/mobileRoute\(\{[^}]*?path: '([^']+)'/g)].map((m) => m[1]));
const localesSource = readFileSync(join(ROOT, 'src/domain/locales.ts'), 'utf8');
const locales = [...new Set([...localesSource.matchAll(/code: '([a-z]{2}-[A-Z]{2})'/g)].map((m) => m[1]))];
const prefixes = locales.map((code) => (code === 'en-US' ? '' : `/${code}`));

const QUERY_VARIANTS = {
  '/checkout': ['', '?product_id=81901', '?product_id=81903&method=paypal'],
  '/checkout/result': ['?order_id=demo&type=1'],
  '/mtdr_user_agreement.html': ['', '?lang=en', '?lang=ja', '?lang=zh'],
  '/mtdr_privacy.html': ['', '?lang=en', '?lang=ja', '?lang=zh'],
  '/lp/mt-recover': ['', '?uuid=0f8fad5b-d9cb-469f-a165-70867728950e&isSem=1'],
  '/buy': ['', '?debug_country=JP', '?debug_country=FR'],
};
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const requests = [];
for (const path of paths) {
  const concrete = path.includes(':id') ? ['2', '3', '6'].map((id) => path.replace(':id', id)) : [path];
  const localized = !path.endsWith('.html');
  for (const p of concrete) {
    for (const query of QUERY_VARIANTS[path] ?? ['']) {
      for (const prefix of localized ? prefixes : ['']) {
        const base = p === '/' ? prefix || '/' : `${prefix}${p}`;
        requests.push({ url: base + query, ua: DESKTOP });
        if (mobilePaths.has(path)) {
          const mobile = p === '/' ? `${prefix}/mobile` : `${prefix}/mobile${p}`;
          requests.push({ url: mobile + query, ua: PHONE });
        }
      }
    }
  }
}
requests.push({ url: '/sitemap.xml', ua: DESKTOP }, { url: '/robots.txt', ua: DESKTOP }, { url: '/no-such-page', ua: DESKTOP });

stopOnSignal();
const site = givenUrl ? { url: givenUrl, stop: async () => {} } : await startSite();
mkdirSync(folder, { recursive: true });
let count = 0;
try {
  for (const { url, ua } of requests) {
    // Two fetches: the first may be a page-cache miss; both must be the same bytes.
    const answer = await fetch(site.url + url, { redirect: 'manual', headers: { 'User-Agent': ua, 'Accept-Language': 'en-US' } });
    // The nonce changes per answer and a bundle's content hash with any client change: both are blanked.
    const body = (await answer.text())
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/'nonce-[^']*'/g, "'nonce-'")
      .replace(/(\/assets\/[\w.-]+?)-[A-Za-z0-9_-]{8}\.(js|css)/g, '$1-HASH.$2');
    const kept = ['content-type', 'location', 'vary', 'cache-control', 'x-robots-tag', 'link', 'content-language'];
    const headers = kept.map((name) => `${name}: ${answer.headers.get(name) ?? ''}`).join('\n');
    const file = `${ua === PHONE ? 'phone' : 'desktop'}${url.replace(/[^A-Za-z0-9._-]+/g, '_')}.txt`;
    writeFileSync(join(folder, file), `GET ${url}\nstatus: ${answer.status}\n${headers}\n\n${body}`);
    count++;
  }
} finally {
  await site.stop();
}
console.log(`${count} answers written to ${folder}`);
