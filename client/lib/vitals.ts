// Real-user Web Vitals: LCP, INP, CLS and TTFB of this page view, measured by Google's web-vitals
// library and sent once, through the site's own beacon (/beacon, first-party), when the page is
// hidden (tab switched or closed, or the visitor moved on), which is when CLS and INP are final.
// The report is a tracking report (docs/PRODUCT.md, Tracking report) with action 'vitals', the
// four timings, how the page was reached (navigate, reload, back_forward, prerender) and its
// locale; the edge adds the device class and the country. It carries the stored visitor id when
// there is one, as every beacon does, and creates none: without one it uses a random id for this
// report alone. No other identifier.
//
// Loaded by client/entry.tsx after hydration, when the browser is idle, and only once the page is
// shown (a prerendered page that is never opened measures and sends nothing). web-vitals reads
// buffered performance entries, so what happened before it loaded is not missed; on a prerendered
// page its timings start at activation. The chunk stays under 3 KB gzip: it sends with
// navigator.sendBeacon itself rather than loading the click beacon's sender and campaign code.
import { onCLS, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals';

// What the report shares with the rest of the site, written here so that this chunk loads nothing
// else (tests/unit/vitals.test.ts checks each against its source): the action the edge knows
// (src/domain/vitals.ts, VITALS_ACTION); every report's defaults, business_index 8109, cid 81 and
// the default tid pair (src/domain/tracking.ts; a vitals report is about the page, not the
// campaign, so it carries no from_ and the default pair whatever the visit's group_tid); where
// the beacon sender keeps the visitor id and its shape (client/lib/campaign.ts,
// src/domain/campaign.ts).
export const VITALS_ACTION = 'vitals';
export const VITALS_REPORT_DEFAULTS = { business_index: 8109, cid: 81, tid1: 16, tid2: 1, tryno: 0 } as const;
export const VISITOR_ID_KEY = 'uuid';
export const VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;

type VitalsMetric = 'lcp' | 'inp' | 'cls' | 'ttfb';

/**
 * The stored navigation type (src/domain/vitals.ts, NAVIGATION_TYPES) of a web-vitals
 * `navigationType`: 'back-forward' and a page restored from the back/forward cache are both
 * back_forward; 'restore' (a discarded tab the browser loads again) counts as a reload; anything
 * else, or nothing, as a plain navigation.
 */
export function navigationTypeOf(value: string | undefined): string {
  if (value === 'prerender' || value === 'reload') return value;
  if (value === 'back-forward' || value === 'back-forward-cache') return 'back_forward';
  return value === 'restore' ? 'reload' : 'navigate';
}

interface View {
  timings: Partial<Record<VitalsMetric, number>>;
  nav?: string;
  sent: boolean;
}

let view: View = { timings: {}, sent: false };
let started = false;

function record(metric: MetricType): void {
  const key = metric.name.toLowerCase() as VitalsMetric;
  // CLS keeps four decimals; timings are whole milliseconds.
  view.timings[key] = key === 'cls' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  view.nav ??= navigationTypeOf(metric.navigationType);
}

function visitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_ID_KEY);
    if (stored && VISITOR_ID.test(stored)) return stored;
  } catch {
    /* storage blocked */
  }
  // An id for this report alone (never stored): any value of the right shape does.
  return `v-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}

/** The query of the current page view's vitals report. */
export function vitalsQuery(timings: View['timings'], nav: string, now = Date.now()): string {
  const query = new URLSearchParams(VITALS_REPORT_DEFAULTS as unknown as Record<string, string>);
  const fields = { action: VITALS_ACTION, uuid: visitorId(), time_: now, collect_time: now, page_id: location.pathname.replace(/[^A-Za-z0-9_.:/-]/g, '_').slice(0, 128), nav, locale: document.documentElement.lang, ...timings };
  for (const [key, value] of Object.entries(fields)) query.set(key, String(value));
  return query.toString();
}

/** The one vitals report of the current page view, if it measured anything and has not sent it yet. */
function send(): void {
  if (view.sent || Object.keys(view.timings).length === 0) return;
  view.sent = true;
  // sendBeacon survives the page being left; every browser that reports these timings has it.
  navigator.sendBeacon(`/beacon?${vitalsQuery(view.timings, view.nav ?? 'navigate')}`);
}

/** Call once per page (client/entry.tsx). */
export function startVitals(): void {
  if (started) return;
  started = true;
  // Every change is recorded (reportAllChanges). The report leaves when the page turns hidden,
  // which every current browser signals with visibilitychange when a page is left, closed or
  // switched away from. Not on pagehide: leaving a page fires pagehide first, before web-vitals
  // settles the interactions it has not processed yet (it does that on visibilitychange, in
  // capture listeners registered above, so before this listener on the way back up); a report
  // sent on pagehide lost the INP of a click made just before leaving.
  const options = { reportAllChanges: true };
  onTTFB(record, options);
  onLCP(record, options);
  onCLS(record, options);
  onINP(record, options);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  // A page restored from the back/forward cache is a new page view: web-vitals measures it anew.
  addEventListener('pageshow', (event) => {
    if (event.persisted) view = { timings: {}, nav: 'back_forward', sent: false };
  });
}
