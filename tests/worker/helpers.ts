import { env, exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import type { Locale } from '../../src/domain/locales';
import { readQueueBody, type BeaconItem, type BeaconQueueBody } from '../../src/domain/beacon-messages';
import { LOCALE_MESSAGES } from '../locale-messages';

/** The origin the Worker believes it serves (SITE_URL in wrangler.toml). */
export const ORIGIN = 'http://localhost:8787';

export const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
} as const;

export interface GetOptions {
  ua?: string;
  headers?: Record<string, string>;
}

/** One request through the Worker's real fetch; redirects are returned, never followed. */
export function get(path: string, { ua = UA.desktop, headers = {} }: GetOptions = {}): Promise<Response> {
  return exports.default.fetch(new Request(ORIGIN + path, { redirect: 'manual', headers: { 'user-agent': ua, ...headers } }));
}

// Typed loosely: the locale files grow at different paces while translations land.
export const MESSAGES: Record<Locale, unknown> = LOCALE_MESSAGES;

/** Reads a dotted key from a locale file, filling {{name}} placeholders (independent of the app's i18n code). */
export function message(locale: Locale, key: string, params: Record<string, string> = {}): string {
  let node: unknown = MESSAGES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${locale}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The <title> a page must have: home is site.title, every other page is `pages.<id>.title | site.name`. */
export function expectedTitle(locale: Locale, routeId: string, params: Record<string, string> = {}): string {
  if (routeId === 'home') return message(locale, 'site.title');
  const titleKey = routeId === 'article-list' ? `articles.lists.${params.id}.title` : `pages.${routeId}.title`;
  return `${message(locale, titleKey, params)} | ${message(locale, 'site.name')}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function decodeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export function htmlLang(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1];
}

export function titleOf(html: string): string | undefined {
  const raw = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  return raw === undefined ? undefined : decodeHtml(raw);
}

/** Text content of the first <h1>, tags stripped. */
export function h1Of(html: string): string | undefined {
  const raw = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return raw === undefined ? undefined : decodeHtml(raw.replace(/<[^>]*>/g, '')).trim();
}

/** Every attribute value of `name` on `tag` elements, e.g. all <a href>. */
export function attributeValues(html: string, tag: string, name: string): string[] {
  const out: string[] = [];
  for (const element of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(element[0])?.[1];
    if (value !== undefined) out.push(decodeHtml(value));
  }
  return out;
}

/** A Location (or href) that can only point at this site: one leading slash, never '//' or '/\'. */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // What a browser does with it: tabs and newlines are stripped, backslashes count as slashes.
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  return new URL(value, ORIGIN).origin === ORIGIN;
}

/** The value of a Set-Cookie for `name`, if the response sets it. */
export function setCookieValue(res: Response, name: string): string | undefined {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** Switches the reference origin's collection host down or back up (its non-production fault switch). */
export async function setCollectDown(down: boolean) {
  const res = await env.ORIGIN!.fetch('https://origin/__faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ collect_down: down }) });
  expect(res.status).toBe(200);
}

/** Beacon events of one uuid stored at the collection host. */
export async function countAtHost(uuid: string): Promise<number> {
  return (await countsAtHost(uuid)).count;
}

/** Events of a uuid at the collection host, and how many of them carry the edge's facts. */
export async function countsAtHost(uuid: string): Promise<{ count: number; with_edge: number }> {
  const res = await env.ORIGIN!.fetch(`https://origin/collect/count?uuid=${encodeURIComponent(uuid)}`);
  const { count, with_edge } = (await res.json()) as { count: number; with_edge: number };
  return { count, with_edge };
}

/**
 * Captures what the edge enqueues (the outbox sends packets with BEACON_QUEUE.sendBatch) instead
 * of delivering it, so a test sees exactly its events and drives delivery itself. `messages` are
 * the events, unpacked; `bodies` the queue messages as sent.
 */
export function captureQueue() {
  const messages: BeaconItem[] = [];
  const bodies: BeaconQueueBody[] = [];
  const spy = vi.spyOn(env.BEACON_QUEUE, 'sendBatch').mockImplementation(async (batch) => {
    for (const request of batch) {
      bodies.push(request.body as BeaconQueueBody);
      messages.push(...(readQueueBody(request.body)?.items ?? []));
    }
    return undefined as never;
  });
  return { messages, bodies, spy };
}

type PageInit = RequestInit & { cf?: { country?: string }; ua?: string };

/** Intl uses no-break spaces in some formats; compare with plain spaces. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A page through the Worker's fetch: the response, its HTML, and its visible text with plain spaces. */
export async function page(path: string, init: PageInit = {}) {
  const { ua = UA.desktop, headers, ...rest } = init;
  const res = await exports.default.fetch(new Request(ORIGIN + path, { redirect: 'manual', ...rest, headers: { 'user-agent': ua, ...(headers as Record<string, string> | undefined) } } as RequestInit));
  const html = await res.text();
  return { res, html, text: plain(decodeHtml(html.replace(/<[^>]*>/g, ' '))) };
}
