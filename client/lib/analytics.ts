// The third-party analytics tags (SPEC §9): the tag manager, the ads tag, and the Bing tracker
// (only for isSem 2). They load after the page's load event — never before first paint — and
// not at all for a visitor who opted out (the do-not-sell form sets localStorage
// 'privacy-opt-out' = '1') or whose browser sends Global Privacy Control. The ids come from
// configuration through `<meta name="analytics-tags" content='{"gtm":…,"ads":…,"uet":…}'>`;
// without it (local runs) nothing loads. Scripts are injected by this nonce'd module, so the
// CSP's 'strict-dynamic' admits them; the Worker adds the tags' hosts to the CSP.
import { PRIVACY_OPT_OUT_KEY, tagIdsFrom, tagsToLoad, type TagIds } from '../../src/domain/tracking';
import { currentCampaign } from './campaign';
import { toDecimalString } from '../../src/domain/money';

export const ANALYTICS_META = 'analytics-tags';

type Queue = unknown[];
type TagWindow = Window & { dataLayer?: Queue; gtag?: (...args: unknown[]) => void; uetq?: unknown; UET?: new (options: object) => unknown };

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

export function visitorOptedOut(): boolean {
  try {
    return localStorage.getItem(PRIVACY_OPT_OUT_KEY) === '1';
  } catch {
    return false;
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

function load(tags: TagIds) {
  const w = window as TagWindow;
  if (tags.gtm || tags.ads) w.dataLayer = w.dataLayer ?? [];
  if (tags.gtm) {
    w.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tags.gtm)}`);
  }
  if (tags.ads) {
    // gtag's contract: it queues its `arguments` object.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', tags.ads);
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tags.ads)}`);
  }
  if (tags.uet) {
    const ti = tags.uet;
    w.uetq = w.uetq ?? [];
    addScript('https://bat.bing.com/bat.js', () => {
      if (!w.UET) return;
      const queued = w.uetq;
      const uet = new w.UET({ ti, enableAutoSpaTracking: true, q: queued }) as { push: (event: string) => void };
      w.uetq = uet;
      uet.push('pageLoad');
    });
  }
}

let started = false;

/** Call once per page (client/entry.tsx): schedules the allowed tags for after the load event. */
export function startAnalytics(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  const ids = readTagIds();
  if (!ids.gtm && !ids.ads && !ids.uet) return;
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  const tags = tagsToLoad(ids, { optedOut: visitorOptedOut(), gpc, isSem: currentCampaign().isSem });
  if (!tags.gtm && !tags.ads && !tags.uet) return;
  const go = () => setTimeout(() => load(tags), 0);
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
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
 * The analytics purchase event of a paid order (issue 12), with the visit's campaign keys for
 * attribution. Only where the tags are configured and allowed for this visitor; the queues are
 * read by the tags whether they loaded before or after this call.
 */
export function reportPurchase(purchase: Purchase): void {
  if (typeof document === 'undefined') return;
  const ids = readTagIds();
  if (!ids.gtm && !ids.ads && !ids.uet) return;
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  const campaign = currentCampaign();
  const tags = tagsToLoad(ids, { optedOut: visitorOptedOut(), gpc, isSem: campaign.isSem });
  const w = window as TagWindow;
  const value = Number(toDecimalString(purchase.value, purchase.currency));
  const items = [{ item_id: purchase.itemId, item_name: purchase.itemName, price: value, quantity: 1 }];
  if (tags.gtm || tags.ads) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ event: 'purchase', ecommerce: { transaction_id: purchase.transactionId, value, currency: purchase.currency, items }, campaign });
  }
  if (tags.ads && w.gtag) w.gtag('event', 'purchase', { transaction_id: purchase.transactionId, value, currency: purchase.currency, items });
  if (tags.uet) {
    w.uetq = w.uetq ?? [];
    (w.uetq as { push: (...args: unknown[]) => void }).push('event', 'purchase', { revenue_value: value, currency: purchase.currency, transaction_id: purchase.transactionId });
  }
}
