// Tracking and installer rules (docs/PRODUCT.md, Tracking report and Installer name). Pure: no zod, no fetch, so the
// browser bundle (download button, beacon sender) can import it without weight. The beacon's
// zod schema lives with the other shared schemas in api-schemas.ts.

/** The product id every report carries (as `cid`). */
export const TRACKING_PRODUCT_ID = 81;
/** business_index of every report, except a buy or pay click (8105). */
export const DEFAULT_BUSINESS_INDEX = 8109;
export const BUY_CLICK_BUSINESS_INDEX = 8105;
export const BUSINESS_INDEXES = [DEFAULT_BUSINESS_INDEX, BUY_CLICK_BUSINESS_INDEX] as const;

// ── tid1 / tid2 ─────────────────────────────────────────────────────────────────────────────

export interface Tids {
  tid1: number;
  tid2: number;
}

/** Without a mapped group_tid the installer and the reports carry (16, 1). */
export const DEFAULT_TIDS: Tids = { tid1: 16, tid2: 1 };

/**
 * The campaign's group_tid → (tid1, tid2): 2, 11, 12 and 15 map to (16, x). The one
 * place to change when marketing adds a campaign group.
 */
export const GROUP_TID_TABLE: Readonly<Record<string, Tids>> = {
  '2': { tid1: 16, tid2: 2 },
  '11': { tid1: 16, tid2: 11 },
  '12': { tid1: 16, tid2: 12 },
  '15': { tid1: 16, tid2: 15 },
};

/** The pair for a group_tid (unknown or absent → the default pair). */
export function tidsFor(groupTid: string | null | undefined): Tids {
  if (groupTid && Object.hasOwn(GROUP_TID_TABLE, groupTid)) return GROUP_TID_TABLE[groupTid]!;
  return DEFAULT_TIDS;
}

/** Every pair the site can produce: the only ones an installer name or a report may carry. */
export function isKnownTidPair(tid1: number, tid2: number): boolean {
  if (tid1 === DEFAULT_TIDS.tid1 && tid2 === DEFAULT_TIDS.tid2) return true;
  return Object.values(GROUP_TID_TABLE).some((pair) => pair.tid1 === tid1 && pair.tid2 === tid2);
}

// ── The installer ───────────────────────────────────────────────────────────────────────────

/**
 * Products with an installer, and the fixed R2 key each is stored under. The URL's file name
 * only names the download (Content-Disposition); it never chooses the key.
 */
export const INSTALLER_OBJECTS = {
  'mt-recover': 'mt-recover/setup.exe',
} as const satisfies Record<string, string>;
export type InstallerProduct = keyof typeof INSTALLER_OBJECTS;
export const DEFAULT_INSTALLER_PRODUCT: InstallerProduct = 'mt-recover';

/** Where /download/<file name> lives. */
export const DOWNLOAD_PREFIX = '/download/';

/**
 * The suffix of an installer name: the ad short code, or — when the short-code request failed
 * and the visitor came from a search-ad campaign — `sem<isSem>` (e.g. `sem2`), so the install
 * can still be attributed to the campaign kind.
 */
const SUFFIX = /^[A-Za-z0-9]{1,32}$/;

export function isInstallerSuffix(value: unknown): value is string {
  return typeof value === 'string' && SUFFIX.test(value);
}

/** The campaign suffix used when the short code could not be had (isSem '1' or '2'). */
export function semSuffix(isSem: '1' | '2'): string {
  return `sem${isSem}`;
}

export interface InstallerName extends Tids {
  product: InstallerProduct;
  /** A short code or a campaign suffix; absent for the plain name. */
  suffix?: string;
}

/** `<product>_setup_<tid1>_<tid2>[_<short_code>].exe`; the download popup shows the same name. */
export function installerFileName({ product, tid1, tid2, suffix }: InstallerName): string {
  const tail = suffix && isInstallerSuffix(suffix) ? `_${suffix}` : '';
  return `${product}_setup_${tid1}_${tid2}${tail}.exe`;
}

const FILE_NAME = /^([a-z][a-z0-9-]{0,31})_setup_([0-9]{1,4})_([0-9]{1,4})(?:_([A-Za-z0-9]{1,32}))?\.exe$/;

/**
 * Reads a requested installer name back; null unless it is exactly what installerFileName can
 * produce (known product, known tid pair, valid suffix).
 */
export function parseInstallerFileName(name: string): InstallerName | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, product, tid1Text, tid2Text, suffix] = match;
  if (!product || !Object.hasOwn(INSTALLER_OBJECTS, product)) return null;
  // No leading zeros: one name per pair.
  if (String(Number(tid1Text)) !== tid1Text || String(Number(tid2Text)) !== tid2Text) return null;
  const tid1 = Number(tid1Text);
  const tid2 = Number(tid2Text);
  if (!isKnownTidPair(tid1, tid2)) return null;
  return { product: product as InstallerProduct, tid1, tid2, ...(suffix ? { suffix } : {}) };
}

export function installerPath(name: InstallerName): string {
  return DOWNLOAD_PREFIX + installerFileName(name);
}

/** RFC 6266 Content-Disposition: an ASCII filename plus filename* (RFC 8187) for any client. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ── Reports ─────────────────────────────────────────────────────────────────────────────────

/** The report fields, in the order the sender writes them. */
export const REPORT_FIELDS = [
  'business_index', 'cid', 'item_id', 'page_id', 'btn_id', 'action', 'from_', 'step', 'indent', 'result',
  'pkg_type', 'user_info', 'pay', 'uuid', 'time_', 'collect_time', 'tid1', 'tid2', 'tryno',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** What identifies one event everywhere (the collection host's UNIQUE index is the same tuple). */
export function dedupeKey(event: { uuid: string; time_: number | string; action: string; tryno?: number | string }): string {
  return `${event.uuid}|${event.time_}|${event.action}|${event.tryno ?? 0}`;
}

/** Beacons per client per minute, counted by each isolate at the edge (429 beyond). */
export const BEACON_LIMIT = { requests: 120, periodSeconds: 60 } as const;

/** A beacon URL longer than this is refused (414) before anything else is read. */
export const MAX_BEACON_URL_LENGTH = 4096;

/** Client: beacons leave at most every 200 ms; an identical event inside the window is a double fire. */
export const BEACON_THROTTLE_MS = 200;

// ── Queue delivery ──────────────────────────────────────────────────────────────────────────

/** Backoff for a batch the collection host did not take: 10 s, 20 s, 40 s… capped at 10 minutes. */
export const RETRY_BASE_SECONDS = 10;
export const RETRY_MAX_SECONDS = 600;

/** `attempts` is the queue's count for the delivery that just failed (1 on the first). */
export function retryDelaySeconds(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** (n - 1));
}

/** While replay is off, dead letters are put back for this long (the queue's longest delay, 12 h). */
export const DLQ_HOLD_SECONDS = 43_200;

// ── Analytics tags (tag manager, ads tag, Bing UET) ─────────────────────────────────────────

/** Tag ids from configuration; an id that is absent or malformed means that tag is not loaded. */
export interface TagIds {
  gtm?: string;
  ads?: string;
  uet?: string;
}

const TAG_ID_RULES: Record<keyof TagIds, RegExp> = {
  gtm: /^GTM-[A-Z0-9]{4,12}$/,
  ads: /^AW-[0-9]{6,12}$/,
  uet: /^[0-9]{5,12}$/,
};

export function tagIdsFrom(config: { GTM_ID?: string; GOOGLE_ADS_ID?: string; BING_UET_ID?: string }): TagIds {
  const ids: TagIds = {};
  const pick = (key: keyof TagIds, value: string | undefined) => {
    const trimmed = value?.trim();
    if (trimmed && TAG_ID_RULES[key].test(trimmed)) ids[key] = trimmed;
  };
  pick('gtm', config.GTM_ID);
  pick('ads', config.GOOGLE_ADS_ID);
  pick('uet', config.BING_UET_ID);
  return ids;
}

export function hasTags(ids: TagIds): boolean {
  return Boolean(ids.gtm || ids.ads || ids.uet);
}

/** Exactly the hosts each configured tag needs, for the page CSP (pageCsp's `extra`). */
export function tagCspSources(ids: TagIds): { script: string[]; img: string[]; connect: string[] } {
  const script = new Set<string>();
  const img = new Set<string>();
  const connect = new Set<string>();
  if (ids.gtm) {
    script.add('https://www.googletagmanager.com');
    img.add('https://www.googletagmanager.com');
    for (const host of ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']) connect.add(host);
  }
  if (ids.ads) {
    for (const host of ['https://www.googletagmanager.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com']) script.add(host);
    for (const host of ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com']) {
      img.add(host);
      connect.add(host);
    }
  }
  if (ids.uet) {
    script.add('https://bat.bing.com');
    img.add('https://bat.bing.com');
    connect.add('https://bat.bing.com');
  }
  return { script: [...script], img: [...img], connect: [...connect] };
}

/** The key the do-not-sell form sets to '1' when a visitor opts out: no tags load for them. */
export const PRIVACY_OPT_OUT_KEY = 'privacy-opt-out';

/** What the page's `<meta name="analytics-tags">` carries for client/lib/analytics.ts; null when no tag is configured. */
export function tagMetaContent(ids: TagIds): string | null {
  return hasTags(ids) ? JSON.stringify(ids) : null;
}
