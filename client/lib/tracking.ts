// The page's tracking entry point. Islands call `track(...)` for clicks and steps; events wait in
// a small in-page queue until a sender is installed (the beacon sender, client/lib/beacon.ts), so
// nothing tracked before the sender loads is lost and no island depends on the sender's code.

/** The tracking report fields an island may set; the sender fills in the rest (uuid, time_, tid1/tid2…). */
export interface TrackEvent {
  action: string;
  /** 8109 by default; 8105 for a buy click. */
  business_index?: number;
  btn_id?: string;
  page_id?: string;
  item_id?: string;
  step?: string;
  result?: string;
  pkg_type?: string;
  pay?: string;
}

export type TrackSender = (event: TrackEvent) => void;

export { DEFAULT_BUSINESS_INDEX, BUY_CLICK_BUSINESS_INDEX } from '../../src/domain/tracking';
const MAX_QUEUED = 50;

const queue: TrackEvent[] = [];
let sender: TrackSender | null = null;

export function track(event: TrackEvent): void {
  if (sender) sender(event);
  else if (queue.length < MAX_QUEUED) queue.push(event);
}

/** Installs the sender and flushes what was queued before it arrived. */
export function setTrackSender(next: TrackSender): void {
  sender = next;
  for (const event of queue.splice(0)) next(event);
}

/** Events still waiting for a sender (for tests). */
export function pendingTrackEvents(): readonly TrackEvent[] {
  return queue;
}
