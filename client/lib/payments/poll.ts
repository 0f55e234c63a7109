// Polls the upstream order query until the order settles (the query path by pay type):
// at once, then about every 2 s growing to 10 s (src/domain/checkout.ts pollDelay), paused while
// the tab is hidden, given up after about 3 minutes with the client's own 'unknownError'.
import { pollDelay, POLL_GIVE_UP_MS, statusDisplay, type CheckoutStatus } from '../../../src/domain/checkout';
import type { PayStatus } from '../../../src/domain/api-schemas';

export interface PollEnv {
  query: () => Promise<{ pay_status: PayStatus }>;
  onStatus: (status: CheckoutStatus) => void;
  /** The clock and timers (fake ones in unit tests). */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Visibility (document.hidden and its change event in the browser). */
  hidden?: () => boolean;
  onVisible?: (fn: () => void) => () => void;
  giveUpMs?: number;
}

/** Starts polling; returns a stop function. Only the time the tab was visible counts towards giving up. */
export function pollOrder(env: PollEnv): () => void {
  const now = env.now ?? (() => Date.now());
  const setTimer = env.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = env.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const hidden = env.hidden ?? (() => typeof document !== 'undefined' && document.hidden);
  const onVisible =
    env.onVisible ??
    ((fn: () => void) => {
      const listener = () => {
        if (!document.hidden) fn();
      };
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    });
  const giveUpMs = env.giveUpMs ?? POLL_GIVE_UP_MS;

  let stopped = false;
  let attempt = 0;
  let visibleMs = 0;
  let lastTick = now();
  let timer: unknown = null;
  let waitingVisible: (() => void) | null = null;

  const stop = () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    waitingVisible?.();
    waitingVisible = null;
  };

  const schedule = () => {
    if (stopped) return;
    const delay = pollDelay(attempt);
    timer = setTimer(() => {
      timer = null;
      void tick();
    }, delay);
  };

  async function tick() {
    if (stopped) return;
    if (hidden()) {
      // Paused: no queries while nobody looks; resume (with a fresh query) when visible again.
      lastTick = now();
      waitingVisible = onVisible(() => {
        waitingVisible?.();
        waitingVisible = null;
        lastTick = now();
        void tick();
      });
      return;
    }
    visibleMs += now() - lastTick;
    lastTick = now();
    attempt++;
    let status: PayStatus | null = null;
    try {
      status = (await env.query()).pay_status;
    } catch {
      // A failed query is retried on the schedule; only the deadline turns it into unknownError.
    }
    if (stopped) return;
    visibleMs += now() - lastTick;
    lastTick = now();
    if (status) env.onStatus(status);
    if (status && !statusDisplay(status).pending) return stop();
    if (visibleMs >= giveUpMs) {
      env.onStatus('unknownError');
      return stop();
    }
    schedule();
  }

  void tick();
  return stop;
}
