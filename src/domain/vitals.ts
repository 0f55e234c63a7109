// Real-user Web Vitals (docs/ARCHITECTURE.md, Web Vitals): what a page view's vitals report holds,
// as the edge and the collection host check it, and the 75th percentile the reports are read
// with. The browser side (client/lib/vitals.ts) imports none of it, to stay one small chunk;
// tests/unit/vitals.test.ts keeps the two in agreement.

/** The action of the one report a page view sends with its Web Vitals. */
export const VITALS_ACTION = 'vitals';

/**
 * Fields only a vitals report carries: LCP, INP and TTFB in whole ms, CLS (unitless), how the page
 * was reached, its locale, and the device class (set by the edge, never by the browser).
 */
export const VITALS_FIELDS = ['lcp', 'inp', 'cls', 'ttfb', 'nav', 'locale', 'device'] as const;
export type VitalsField = (typeof VITALS_FIELDS)[number];

/** The four timings, in the order reports and tables list them. */
export const VITALS_METRICS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type VitalsMetric = (typeof VITALS_METRICS)[number];

/**
 * How the page view began, as stored: a link or typed address, a reload, back/forward (a page
 * restored from the back/forward cache included), or a prerendered page the visitor opened.
 */
export const NAVIGATION_TYPES = ['navigate', 'reload', 'back_forward', 'prerender'] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/** The device classes the edge tells apart (src/domain/devices.ts: phones; tablets count as desktops). */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;

/** A timing above this (10 minutes) is no measurement of a page view: refused. */
export const VITAL_MAX_MS = 600_000;

/** The 75th percentile (nearest rank) of `values`, ignoring missing ones; null when there are none. */
export function p75(values: readonly (number | null | undefined)[]): number | null {
  const sorted = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(sorted.length * 0.75) - 1]!;
}

export interface VitalsRow {
  page: string | null;
  locale: string | null;
  nav: string | null;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
}

export interface VitalsSummary {
  page: string;
  locale: string;
  nav: string;
  views: number;
  /** p75 of each timing over the group's page views (null: none measured it). */
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
}

/** p75 of every timing per page, locale and navigation type, busiest groups first. */
export function summarizeVitals(rows: readonly VitalsRow[]): VitalsSummary[] {
  const groups = new Map<string, VitalsRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.page ?? '?', row.locale ?? '?', row.nav ?? '?']);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups]
    .map(([key, list]) => {
      const [page, locale, nav] = JSON.parse(key) as [string, string, string];
      return { page, locale, nav, views: list.length, lcp: p75(list.map((r) => r.lcp)), inp: p75(list.map((r) => r.inp)), cls: p75(list.map((r) => r.cls)), ttfb: p75(list.map((r) => r.ttfb)) };
    })
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page) || a.locale.localeCompare(b.locale) || a.nav.localeCompare(b.nav));
}
