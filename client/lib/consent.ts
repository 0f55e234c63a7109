// The visitor's consent choice in the browser: kept in a first-party cookie (the edge reads it, so
// the banner is not rendered again) and in localStorage with the time it was made, for 6 months.
// Saving announces the choice with a window event; client/lib/analytics.ts listens, so the banner
// never imports the tag loader and pages without tags never download it.
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_STORAGE_KEY,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from '../../src/domain/consent';
import { PRIVACY_OPT_OUT_KEY } from '../../src/domain/tracking';
import { whenActivated } from './activation';

/** Fired on window with the saved ConsentChoice as `detail`. */
export const CONSENT_CHANGE_EVENT = 'consent-change';
/** Fired on window to reopen the choices (the footer's "Cookie settings"). */
export const CONSENT_OPEN_EVENT = 'consent-open';
/** The page meta the Worker renders for visitors it asks (content: 'banner' or 'decided'). */
export const CONSENT_META = 'consent-mode';

/** The Worker decided this visitor's region asks for consent. */
export function consentRequiredHere(doc: Document = document): boolean {
  return Boolean(doc.querySelector(`meta[name="${CONSENT_META}"]`));
}

function readCookie(name: string): string | null {
  let cookies = '';
  try {
    cookies = document.cookie ?? '';
  } catch {
    /* a sandboxed document: no cookies */
  }
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(choice: ConsentChoice, maxAge: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAge))}; SameSite=Lax${secure}`;
}

interface StoredConsent extends ConsentChoice {
  v: 1;
  /** When the choice was made (ms since the epoch). */
  at: number;
}

function readStorage(now: number): StoredConsent | null {
  try {
    const raw = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<StoredConsent> | null;
    if (!raw || raw.v !== 1 || typeof raw.at !== 'number' || typeof raw.analytics !== 'boolean' || typeof raw.ads !== 'boolean') return null;
    if (raw.at > now || now - raw.at >= CONSENT_MAX_AGE_SECONDS * 1000) return null;
    return raw as StoredConsent;
  } catch {
    return null;
  }
}

/**
 * The stored choice, or null. The cookie is what the edge sees; when only localStorage still
 * holds an unexpired choice (the cookie was cleared), the cookie is written again for the rest
 * of the 6 months, so the banner stays away on the next page (by a prerendered page only once
 * the visitor opens it).
 */
export function readStoredConsent(now = Date.now()): ConsentChoice | null {
  const fromCookie = parseConsent(readCookie(CONSENT_COOKIE));
  if (fromCookie) return fromCookie;
  const stored = readStorage(now);
  if (!stored) return null;
  const choice = { analytics: stored.analytics, ads: stored.ads };
  whenActivated(() => writeCookie(choice, CONSENT_MAX_AGE_SECONDS - (now - stored.at) / 1000));
  return choice;
}

/** Keeps the choice for 6 months and tells the page. */
export function saveConsent(choice: ConsentChoice, now = Date.now()): void {
  const clean = { analytics: choice.analytics === true, ads: choice.ads === true };
  writeCookie(clean, CONSENT_MAX_AGE_SECONDS);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ v: 1, ...clean, at: now } satisfies StoredConsent));
  } catch {
    /* storage unavailable: the cookie alone keeps the choice */
  }
  dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_CHANGE_EVENT, { detail: clean }));
}

/** The do-not-sell opt-out or Global Privacy Control: they win over any consent. */
export function privacySignals(): { optedOut: boolean; gpc: boolean } {
  let optedOut = false;
  try {
    optedOut = localStorage.getItem(PRIVACY_OPT_OUT_KEY) === '1';
  } catch {
    /* no storage: not opted out here */
  }
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  return { optedOut, gpc };
}
