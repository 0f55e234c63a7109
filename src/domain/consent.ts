// Consent before tracking (docs/ARCHITECTURE.md, Consent). Pure: no Hono, no DOM, so the edge (who is asked), the
// browser (what loads) and the tests share one set of rules.
import { tagIdsFrom, type TagIds } from './tracking';

/**
 * Where the law asks for consent before advertising and analytics cookies: the EEA (the 27 EU
 * members, Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland. The EU's
 * outermost regions that Cloudflare reports under their own codes (French overseas departments,
 * Saint-Martin, Åland) are EU territory, so they are asked too. Unknown countries are asked as
 * well (see `consentRequired`), which also covers Tor and anonymising proxies.
 */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set([
  // EU 27
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  // EU outermost regions and Åland, reported under their own ISO codes
  'GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX',
  // rest of the EEA
  'IS', 'LI', 'NO',
  // United Kingdom and Switzerland
  'GB', 'CH',
]);

/** Whether a visitor from `country` (ISO alpha-2, null when unknown) is asked before any tag loads. */
export function consentRequired(country: string | null | undefined): boolean {
  if (!country) return true;
  return CONSENT_COUNTRIES.has(country.toUpperCase());
}

// ── The visitor's choice ────────────────────────────────────────────────────────────────────

/** The two purposes a visitor can allow separately. */
export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

/** First-party cookie the edge reads, so a visitor who chose is not shown the banner again. */
export const CONSENT_COOKIE = 'cookie_consent';
/** localStorage key of the same choice, with the time it was made (client/lib/consent.ts). */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
/** A choice is kept for 6 months, then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 183;

/** `v1.<analytics 0|1>.<ads 0|1>`: versioned, so a change of purposes can ask everyone again. */
export function serializeConsent(choice: ConsentChoice): string {
  return `v1.${choice.analytics ? 1 : 0}.${choice.ads ? 1 : 0}`;
}

const COOKIE_VALUE = /^v1\.([01])\.([01])$/;

/** Reads the cookie value back; anything else (absent, tampered, older version) is no choice. */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  const match = value ? COOKIE_VALUE.exec(value.trim()) : null;
  if (!match) return null;
  return { analytics: match[1] === '1', ads: match[2] === '1' };
}

// ── The state machine ───────────────────────────────────────────────────────────────────────

export interface ConsentState {
  /** The visitor's region asks for consent (decided at the edge). */
  required: boolean;
  /** What the visitor chose; null until they do (or after it expired). */
  choice: ConsentChoice | null;
}

export type ConsentEvent =
  | { type: 'accept-all' }
  | { type: 'reject-all' }
  | { type: 'save'; analytics: boolean; ads: boolean }
  /** The stored choice expired or was withdrawn: back to no choice. */
  | { type: 'reset' };

export const ACCEPT_ALL: ConsentChoice = Object.freeze({ analytics: true, ads: true });
export const REJECT_ALL: ConsentChoice = Object.freeze({ analytics: false, ads: false });

export function consentReducer(state: ConsentState, event: ConsentEvent): ConsentState {
  switch (event.type) {
    case 'accept-all':
      return { ...state, choice: { ...ACCEPT_ALL } };
    case 'reject-all':
      return { ...state, choice: { ...REJECT_ALL } };
    case 'save':
      return { ...state, choice: { analytics: event.analytics === true, ads: event.ads === true } };
    case 'reset':
      return { ...state, choice: null };
  }
}

/** The banner is open while an asked visitor has not chosen. */
export function needsBanner(state: ConsentState): boolean {
  return state.required && state.choice === null;
}

/**
 * What may run for this visitor. The do-not-sell opt-out and Global Privacy Control win over any
 * consent; a stored choice is honoured wherever the visitor is; without one, asked visitors get
 * nothing and everyone else keeps the site's behaviour before consent existed (everything).
 */
export function grantedPurposes(state: ConsentState, privacy: { optedOut: boolean; gpc: boolean }): ConsentChoice {
  if (privacy.optedOut || privacy.gpc) return { ...REJECT_ALL };
  if (state.choice) return { ...state.choice };
  return state.required ? { ...REJECT_ALL } : { ...ACCEPT_ALL };
}

/** Google Consent Mode v2 signals for the granted purposes. */
export interface ConsentModeSignals {
  ad_storage: 'granted' | 'denied';
  ad_user_data: 'granted' | 'denied';
  ad_personalization: 'granted' | 'denied';
  analytics_storage: 'granted' | 'denied';
}

export function consentModeSignals(granted: ConsentChoice): ConsentModeSignals {
  const ads = granted.ads ? 'granted' : 'denied';
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: granted.analytics ? 'granted' : 'denied' };
}

/** How long Google's tags wait for an `update` after the `default` (milliseconds). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

// ── The page: what the edge renders ─────────────────────────────────────────────────────────

/**
 * The one fact about consent that changes a page's HTML (and so must be part of any page-cache
 * key): `none` — not asked (no banner, no consent meta); `banner` — asked and not chosen yet (the
 * banner is rendered, the client starts from Consent Mode "denied"); `decided` — asked, and the
 * choice is in the cookie or Global Privacy Control already said no (no banner; the client starts
 * from "denied" and applies the stored choice). The choice itself is never in the HTML.
 */
export type ConsentPage = 'none' | 'banner' | 'decided';
export const CONSENT_PAGES: readonly ConsentPage[] = ['none', 'banner', 'decided'];

export function consentPage(country: string | null, cookieValue: string | null | undefined, gpc: boolean): ConsentPage {
  if (!consentRequired(country)) return 'none';
  if (parseConsent(cookieValue) || gpc) return 'decided';
  return 'banner';
}

// ── Which tags may load ─────────────────────────────────────────────────────────────────────

/**
 * The tags for the granted purposes: the tag manager with either purpose (it receives the
 * Consent Mode state and fires only what that allows), the ads tag with advertising consent, and
 * the Bing tracker with advertising consent and only for isSem 2 (a product rule). Nothing granted,
 * nothing loads: no third-party request at all.
 */
export function tagsForConsent(ids: TagIds, granted: ConsentChoice, isSem?: string): TagIds {
  const out: TagIds = {};
  if (ids.gtm && (granted.analytics || granted.ads)) out.gtm = ids.gtm;
  if (ids.ads && granted.ads) out.ads = ids.ads;
  if (ids.uet && granted.ads && isSem === '2') out.uet = ids.uet;
  return out;
}

/**
 * Outside production only: fake tag ids from a request header (`X-Debug-Tag-Ids:
 * GTM-E2ETEST,AW-123456789,1234567`), so the e2e suite can watch the tags load against a stub
 * without configuring real ids. Each item goes through the same id rules as configuration.
 */
export const DEBUG_TAG_IDS_HEADER = 'X-Debug-Tag-Ids';

export function debugTagIds(header: string | null | undefined): TagIds | null {
  if (!header) return null;
  const config: { GTM_ID?: string; GOOGLE_ADS_ID?: string; BING_UET_ID?: string } = {};
  for (const item of header.split(',').slice(0, 3)) {
    const id = item.trim();
    if (id.startsWith('GTM-')) config.GTM_ID = id;
    else if (id.startsWith('AW-')) config.GOOGLE_ADS_ID = id;
    else config.BING_UET_ID = id;
  }
  return tagIdsFrom(config);
}
