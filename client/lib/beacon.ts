// The beacon sender: turns track() events into tracking reports and sends them to the site's own
// /beacon with navigator.sendBeacon (an image GET where that is missing or refuses). It never
// blocks navigation: nothing here is synchronous network or preventDefault. Beacons leave at
// most every 200 ms; queued events go at once when the page is being hidden.
import { setTrackSender, type TrackEvent } from './tracking';
import { currentCampaign, visitorId } from './campaign';
import { whenActivated } from './activation';
import { BEACON_THROTTLE_MS, DEFAULT_BUSINESS_INDEX, TRACKING_PRODUCT_ID, tidsFor, type ReportField } from '../../src/domain/tracking';

export const BEACON_PATH = '/beacon';
const MAX_QUEUED = 100;

type Report = Partial<Record<ReportField, string | number>>;

let lastTime = 0;
/** Event times are unique per page, so two events in one millisecond are not taken for one. */
function eventTime(now: number): number {
  lastTime = now > lastTime ? now : lastTime + 1;
  return lastTime;
}

/** The edge accepts ids made of [A-Za-z0-9_.:/-] only: anything else becomes '_' rather than a refused beacon. */
const token = (value: string, max: number) => value.replace(/[^A-Za-z0-9_.:/-]/g, '_').slice(0, max) || '_';

/** The full report of an event: the island's fields plus visitor, campaign and defaults. */
export function buildReport(event: TrackEvent, now = Date.now()): Report {
  const campaign = currentCampaign();
  const { tid1, tid2 } = tidsFor(campaign.group_tid);
  const report: Report = {
    business_index: event.business_index ?? DEFAULT_BUSINESS_INDEX,
    cid: TRACKING_PRODUCT_ID,
    action: event.action,
    uuid: visitorId(),
    time_: eventTime(now),
    tid1,
    tid2,
    tryno: 0,
    page_id: event.page_id ?? location.pathname.slice(0, 128),
  };
  if (campaign.from) report.from_ = campaign.from;
  for (const key of ['btn_id', 'item_id', 'step', 'result', 'pkg_type', 'pay'] as const) {
    const value = event[key];
    if (value !== undefined && value !== '') report[key] = token(value, 64);
  }
  report.page_id = token(String(report.page_id), 128);
  return report;
}

export function beaconUrl(report: Report): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(report)) if (value !== undefined) query.set(key, String(value));
  return `${BEACON_PATH}?${query}`;
}

// Images in flight are kept referenced until they settle, or the request may be dropped.
const images = new Set<HTMLImageElement>();

function transmit(url: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  } catch {
    /* fall back to the image */
  }
  const img = new Image(1, 1);
  const done = () => images.delete(img);
  img.onload = done;
  img.onerror = done;
  images.add(img);
  img.src = url;
}

const queue: Report[] = [];
let lastSentAt = -Infinity;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastSignature = '';
let lastSignatureAt = -Infinity;

function flushOne(): void {
  timer = undefined;
  const report = queue.shift();
  if (!report) return;
  report.collect_time = Date.now();
  lastSentAt = performance.now();
  transmit(beaconUrl(report));
  if (queue.length) timer = setTimeout(flushOne, BEACON_THROTTLE_MS);
}

/** Sends everything waiting now (the page is going away: the 200 ms spacing no longer matters). */
export function flushBeacons(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length) {
    const report = queue.shift()!;
    report.collect_time = Date.now();
    transmit(beaconUrl(report));
  }
}

export function sendEvent(event: TrackEvent): void {
  const now = performance.now();
  // The same event fired twice inside the window (a double click) is one event.
  const signature = JSON.stringify([event.action, event.btn_id, event.page_id, event.item_id, event.step, event.result, event.pkg_type, event.pay, event.business_index]);
  if (signature === lastSignature && now - lastSignatureAt < BEACON_THROTTLE_MS) return;
  lastSignature = signature;
  lastSignatureAt = now;
  if (queue.length >= MAX_QUEUED) queue.shift();
  queue.push(buildReport(event));
  if (timer !== undefined) return;
  const wait = lastSentAt + BEACON_THROTTLE_MS - now;
  if (wait <= 0) flushOne();
  else timer = setTimeout(flushOne, wait);
}

let installed = false;

/**
 * Installs the sender once per page; events tracked before this were queued by tracking.ts. A
 * prerendered page keeps them queued until the visitor opens it, and sends none if they never do.
 */
export function installBeaconSender(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  addEventListener('pagehide', flushBeacons);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushBeacons();
  });
  whenActivated(() => setTrackSender(sendEvent));
}
