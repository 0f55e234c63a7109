import { store } from './store';

// After a language switch, animations pause for 1.7 s while the new page settles.
export const LANGUAGE_SWITCH_PAUSE_MS = 1700;
const KEY = 'lang-switch-at';

export function markLanguageSwitch(now = Date.now()) {
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    /* ignore */
  }
}

/** On page start: if this page was reached by a language switch, pause animations for what is left of 1.7 s. */
export function pauseAnimationsAfterLanguageSwitch(now = Date.now()) {
  let at = 0;
  try {
    at = Number(sessionStorage.getItem(KEY)) || 0;
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  const left = at + LANGUAGE_SWITCH_PAUSE_MS - now;
  if (at === 0 || left <= 0) return;
  store.set({ shouldAnimate: false });
  document.documentElement.dataset.animate = 'paused';
  setTimeout(() => {
    store.set({ shouldAnimate: true });
    delete document.documentElement.dataset.animate;
  }, left);
}
