// The visitor and their campaign in the browser (docs/PRODUCT.md, Campaign keys): the visitor id, kept in localStorage
// and created once; the campaign keys of the address, kept for the visit; and internal links
// that carry those keys, so a purchase three pages later is still attributed.
import { CAMPAIGN_KEYS, campaignFromQuery, carryCampaign, isValidCampaignValue, mergeCampaign, sanitizeCampaign, type Campaign } from '../../src/domain/campaign';

export const VISITOR_ID_KEY = 'uuid';
/** sessionStorage key of the visit's campaign (DownloadButton's hasCampaign reads it too). */
export const CAMPAIGN_SESSION_KEY = 'campaign';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http on a LAN address have no randomUUID: build a v4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let memoryId: string | null = null;

/**
 * The visitor id: the stored one; else a valid `uuid` from the address (an id handed over by the
 * app or another page); else a new crypto.randomUUID(). Stored once, never replaced.
 */
export function visitorId(): string {
  const local = storage('localStorage');
  try {
    const stored = local?.getItem(VISITOR_ID_KEY);
    if (stored && isValidCampaignValue('uuid', stored)) return stored;
  } catch {
    /* storage blocked: fall through to an in-page id */
  }
  if (memoryId) return memoryId;
  const fromAddress = currentCampaign().uuid;
  const id = fromAddress ?? randomId();
  try {
    local?.setItem(VISITOR_ID_KEY, id);
  } catch {
    /* private mode: the id lasts for this page */
  }
  memoryId = id;
  return id;
}

/** The campaign of this visit: what was kept this session, overridden by the current address. */
export function currentCampaign(): Campaign {
  if (typeof location === 'undefined') return {};
  const session = storage('sessionStorage');
  let kept: Campaign = {};
  try {
    kept = sanitizeCampaign(JSON.parse(session?.getItem(CAMPAIGN_SESSION_KEY) || '{}'));
  } catch {
    kept = {};
  }
  const campaign = mergeCampaign(kept, campaignFromQuery(location.search));
  try {
    if (CAMPAIGN_KEYS.some((key) => campaign[key] !== undefined)) session?.setItem(CAMPAIGN_SESSION_KEY, JSON.stringify(campaign));
  } catch {
    /* ignore */
  }
  return campaign;
}

/** `href` with the campaign keys it lacks, when it is a page of this site. */
export function withCampaign(href: string, campaign: Campaign = currentCampaign()): string {
  return carryCampaign(href, campaign, location.origin);
}

let carrying = false;

/**
 * Rewrites a same-origin link at the moment it is followed (click, middle click, keyboard), so
 * every internal link carries the campaign without touching the server-rendered markup React
 * hydrates. Links with `download` or `data-no-campaign` are left alone.
 */
export function carryCampaignOnLinks(): void {
  if (carrying || typeof document === 'undefined') return;
  carrying = true;
  const rewrite = (event: Event) => {
    const target = event.target as Element | null;
    const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.hasAttribute('download') || link.hasAttribute('data-no-campaign')) return;
    const campaign = currentCampaign();
    if (!CAMPAIGN_KEYS.some((key) => campaign[key] !== undefined)) return;
    const href = link.getAttribute('href') ?? '';
    const next = carryCampaign(href, campaign, location.origin);
    if (next !== href) link.setAttribute('href', next);
  };
  // Keep this address's campaign for the visit now, whatever is clicked first.
  currentCampaign();
  // Capture phase: before any handler of the page reads the href, and before the navigation.
  document.addEventListener('click', rewrite, true);
  document.addEventListener('auxclick', rewrite, true);
  document.addEventListener('contextmenu', rewrite, true);
}
