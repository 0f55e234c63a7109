// The campaign query (uuid, from, isSem, group_tid, bd_vid; docs/PRODUCT.md, Campaign keys): which keys a visit
// carries from page to page and which values are acceptable. Pure (no zod): the browser reads it
// on every page. An invalid value is dropped, never passed on.

export const CAMPAIGN_KEYS = ['uuid', 'from', 'isSem', 'group_tid', 'bd_vid'] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];

export interface Campaign {
  /** A visitor id handed over by another page or the app (adopted when none is stored yet). */
  uuid?: string;
  /** Where the visitor came from (a channel name). */
  from?: string;
  /** Search-ad visitor: '1' or '2' ('2' also loads the Bing tracker). */
  isSem?: '1' | '2';
  /** Campaign group: maps to (tid1, tid2) through GROUP_TID_TABLE. */
  group_tid?: string;
  /** Baidu ad-click id: asks for a short code before the download. */
  bd_vid?: string;
}

const RULES: Record<CampaignKey, RegExp> = {
  // crypto.randomUUID() and the app's own ids: letters, digits and dashes.
  uuid: /^[A-Za-z0-9-]{8,64}$/,
  from: /^[A-Za-z0-9_.-]{1,64}$/,
  isSem: /^[12]$/,
  group_tid: /^[0-9]{1,6}$/,
  // Ad-click ids are URL-safe tokens; the upstream accepts up to 512 printable characters.
  bd_vid: /^[A-Za-z0-9_.~-]{1,256}$/,
};

export function isValidCampaignValue(key: CampaignKey, value: unknown): value is string {
  return typeof value === 'string' && RULES[key].test(value);
}

/** The valid campaign keys of a query; invalid or repeated-and-conflicting values are dropped. */
export function campaignFromQuery(query: URLSearchParams | string): Campaign {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const out: Record<string, string> = {};
  for (const key of CAMPAIGN_KEYS) {
    const values = params.getAll(key);
    const first = values[0];
    if (first === undefined || values.some((v) => v !== first)) continue;
    if (isValidCampaignValue(key, first)) out[key] = first;
  }
  return out as Campaign;
}

/**
 * `href` with its campaign keys held to the same rule as campaignFromQuery (the one the landing
 * page's links follow): an invalid or conflicting value is dropped, and so is a repeat of a valid
 * one; every other parameter stays, in its order. An address with nothing to drop is returned as
 * it is. For addresses the site sends on (the download report's source_url).
 */
export function withValidCampaign(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const valid = campaignFromQuery(url.searchParams);
  const kept = new URLSearchParams();
  const seen = new Set<string>();
  let dropped = false;
  for (const [key, value] of url.searchParams) {
    if (!(CAMPAIGN_KEYS as readonly string[]).includes(key)) {
      kept.append(key, value);
      continue;
    }
    const validValue = valid[key as CampaignKey];
    if (validValue === undefined || seen.has(key)) {
      dropped = true;
      continue;
    }
    seen.add(key);
    kept.append(key, validValue);
  }
  if (!dropped) return href;
  url.search = kept.toString();
  return url.href;
}

/** `later` overrides `earlier` key by key (the current address wins over what was kept). */
export function mergeCampaign(earlier: Campaign, later: Campaign): Campaign {
  const out: Campaign = { ...earlier };
  for (const key of CAMPAIGN_KEYS) {
    const value = later[key];
    if (value !== undefined) (out as Record<string, string>)[key] = value;
  }
  return out;
}

/** Only well-formed values survive (for campaigns read back from storage). */
export function sanitizeCampaign(input: unknown): Campaign {
  if (!input || typeof input !== 'object') return {};
  const out: Record<string, string> = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = (input as Record<string, unknown>)[key];
    if (isValidCampaignValue(key, value)) out[key] = value;
  }
  return out as Campaign;
}

/** Paths that never get campaign keys: they are not pages. */
const NOT_PAGES = /^\/(?:api|beacon|download|assets|__[a-z]+)(?:\/|$)|^\/(?:favicon\.[a-z]+|robots\.txt|sitemap\.xml)$/;

/**
 * `href` with the campaign keys it does not already have, when it points at a page of this site
 * (`origin`); any other link (another host, mailto:, a hash on the same page, an API path, the
 * installer) is returned unchanged.
 */
export function carryCampaign(href: string, campaign: Campaign, origin: string): string {
  const keys = CAMPAIGN_KEYS.filter((key) => campaign[key] !== undefined);
  if (keys.length === 0) return href;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return href;
  }
  if (url.origin !== new URL(origin).origin || NOT_PAGES.test(url.pathname)) return href;
  if (/^#/.test(href)) return href;
  let changed = false;
  for (const key of keys) {
    if (!url.searchParams.has(key)) {
      url.searchParams.set(key, campaign[key]!);
      changed = true;
    }
  }
  if (!changed) return href;
  // Keep same-origin links relative, as the page wrote them.
  return url.pathname + url.search + url.hash;
}
