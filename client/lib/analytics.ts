// The third-party analytics tags: the tag manager, the ads tag, and the Bing tracker
// (only for isSem 2). They load after the page's load event — never before first paint — and
// only for the purposes the visitor allows (src/domain/consent.ts): visitors the Worker asks
// (EEA, UK, Switzerland, unknown country: `<meta name="consent-mode">`) start from Google
// Consent Mode v2 "denied", pushed before any tag, and get tags only after a choice; everyone's
// stored choice is honoured; the do-not-sell opt-out (localStorage 'privacy-opt-out' = '1') and
// Global Privacy Control win over any consent. The ids come from configuration through
// `<meta name="analytics-tags" content='{"gtm":…,"ads":…,"uet":…}'>`; without it (local runs)
// nothing loads. Scripts are injected by this nonce'd module, so the CSP's 'strict-dynamic'
// admits them; the Worker adds the tags' hosts to the CSP.
import { tagIdsFrom, type TagIds } from '../../src/domain/tracking';
import {
  CONSENT_WAIT_FOR_UPDATE_MS,
  consentModeSignals,
  consentReducer,
  grantedPurposes,
  REJECT_ALL,
  tagsForConsent,
  type ConsentChoice,
  type ConsentState,
} from '../../src/domain/consent';
import { currentCampaign } from './campaign';
import { CONSENT_CHANGE_EVENT, consentRequiredHere, privacySignals, readStoredConsent } from './consent';
import { toDecimalString } from '../../src/domain/money';

export const ANALYTICS_META = 'analytics-tags';

type Queue = unknown[];
type TagWindow = Window & {
  dataLayer?: Queue;
  gtag?: (...args: unknown[]) => void;
  uetq?: { push: (...args: unknown[]) => unknown };
  UET?: new (options: object) => unknown;
};

export function readTagIds(doc: Document = document): TagIds {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_META}"]`)?.content;
  if (!content) return {};
  try {
    const raw = JSON.parse(content) as { gtm?: string; ads?: string; uet?: string };
    return tagIdsFrom({ GTM_ID: raw.gtm, GOOGLE_ADS_ID: raw.ads, BING_UET_ID: raw.uet });
  } catch {
    return {};
  }
}

function nonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function addScript(src: string, onload?: () => void) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.nonce = nonce();
  if (onload) script.onload = onload;
  document.head.appendChild(script);
}

/** gtag's contract: it queues its `arguments` object on the dataLayer. */
function gtagFor(w: TagWindow): (...args: unknown[]) => void {
  w.dataLayer = w.dataLayer ?? [];
  w.gtag =
    w.gtag ??
    function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  return w.gtag;
}

/** Tags already injected on this page: a later, wider consent adds only the missing ones. */
const loaded: TagIds = {};

function load(tags: TagIds) {
  const w = window as TagWindow;
  if (tags.gtm && !loaded.gtm) {
    loaded.gtm = tags.gtm;
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tags.gtm)}`);
  }
  if (tags.ads && !loaded.ads) {
    loaded.ads = tags.ads;
    const gtag = gtagFor(w);
    gtag('js', new Date());
    gtag('config', tags.ads);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tags.ads)}`);
  }
  if (tags.uet && !loaded.uet) {
    const ti = tags.uet;
    loaded.uet = ti;
    w.uetq = w.uetq ?? ([] as unknown as TagWindow['uetq']);
    addScript('https://bat.bing.com/bat.js', () => {
      if (!w.UET) return;
      const queued = w.uetq;
      const uet = new w.UET({ ti, enableAutoSpaTracking: true, q: queued }) as { push: (...args: unknown[]) => unknown };
      w.uetq = uet;
      uet.push('pageLoad');
    });
  }
}

/** Consent Mode v2 for the Google tags (and UET's own consent signal once it is on the page). */
function sendConsent(ids: TagIds, command: 'default' | 'update', granted: ConsentChoice) {
  const w = window as TagWindow;
  if (ids.gtm || ids.ads) {
    const signals = consentModeSignals(granted);
    gtagFor(w)('consent', command, command === 'default' ? { ...signals, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS } : signals);
    if (command === 'default') w.gtag!('set', 'ads_data_redaction', !granted.ads);
  }
  if (loaded.uet && w.uetq) w.uetq.push('consent', command, { ad_storage: granted.ads ? 'granted' : 'denied' });
}

function afterLoad(run: () => void) {
  const go = () => setTimeout(run, 0);
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}

let started = false;

/** Call once per page (client/entry.tsx): schedules the allowed tags for after the load event. */
export function startAnalytics(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  const ids = readTagIds();
  if (!ids.gtm && !ids.ads && !ids.uet) return;
  const privacy = privacySignals();
  // Opt-out and GPC: nothing at all, not even a dataLayer.
  if (privacy.optedOut || privacy.gpc) return;
  const isSem = currentCampaign().isSem;
  let state: ConsentState = { required: consentRequiredHere(), choice: readStoredConsent() };
  // Asked visitors, and anyone who chose: "denied" before any tag, then the stored choice.
  if (state.required || state.choice) {
    sendConsent(ids, 'default', REJECT_ALL);
    if (state.choice) sendConsent(ids, 'update', state.choice);
  }
  let pageLoaded = false;
  addEventListener(CONSENT_CHANGE_EVENT, (event) => {
    const choice = (event as CustomEvent<ConsentChoice>).detail;
    state = consentReducer(state, { type: 'save', analytics: choice.analytics, ads: choice.ads });
    const granted = grantedPurposes(state, privacySignals());
    sendConsent(ids, 'update', granted);
    if (pageLoaded) load(tagsForConsent(ids, granted, isSem));
  });
  afterLoad(() => {
    pageLoaded = true;
    load(tagsForConsent(ids, grantedPurposes(state, privacySignals()), isSem));
  });
}

export interface Purchase {
  transactionId: string;
  /** Minor units of `currency`, as the order query answers. */
  value: number;
  currency: string;
  itemId: string;
  itemName: string;
}

/**
 * The analytics purchase event of a paid order, with the visit's campaign keys for
 * attribution. Only where the tags are configured and allowed for this visitor; the queues are
 * read by the tags whether they loaded before or after this call.
 */
export function reportPurchase(purchase: Purchase): void {
  if (typeof document === 'undefined') return;
  const ids = readTagIds();
  if (!ids.gtm && !ids.ads && !ids.uet) return;
  const campaign = currentCampaign();
  // The same rule as loading: opt-out and GPC first, then the visitor's consent where asked.
  const granted = grantedPurposes({ required: consentRequiredHere(), choice: readStoredConsent() }, privacySignals());
  const tags = tagsForConsent(ids, granted, campaign.isSem);
  const w = window as TagWindow;
  const value = Number(toDecimalString(purchase.value, purchase.currency));
  const items = [{ item_id: purchase.itemId, item_name: purchase.itemName, price: value, quantity: 1 }];
  if (tags.gtm || tags.ads) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: 'purchase', ecommerce: { transaction_id: purchase.transactionId, value, currency: purchase.currency, items }, campaign });
  }
  if (tags.ads && w.gtag) w.gtag('event', 'purchase', { transaction_id: purchase.transactionId, value, currency: purchase.currency, items });
  if (tags.uet) {
    w.uetq = w.uetq ?? ([] as unknown as TagWindow['uetq']);
    w.uetq!.push('event', 'purchase', { revenue_value: value, currency: purchase.currency, transaction_id: purchase.transactionId });
  }
}
