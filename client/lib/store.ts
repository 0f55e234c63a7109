import { useSyncExternalStore } from 'react';

export type DarkMode = 'light' | 'dark' | 'system';

/** The store state (docs/PRODUCT.md, Store state): shared by every island on the page (one module instance per page). */
export interface StoreState {
  /** The download has been done (set 2 s after a download starts). */
  isDownFlag: boolean;
  darkMode: DarkMode;
  /** False while animations are paused (1.7 s after a language switch). */
  shouldAnimate: boolean;
  /** The burger menu is open. */
  toggleMenu: boolean;
  /** Data the home page islands share. */
  homeData: Record<string, unknown> | null;
  /** Navigations and API requests in flight: drives the progress bar. */
  pending: number;
  online: boolean;
}

type Listener = () => void;

export function createStore<S extends object>(initial: S) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(patch: Partial<S> | ((s: S) => Partial<S>)) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      listeners.forEach((l) => l());
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const store = createStore<StoreState>({
  isDownFlag: false,
  darkMode: 'system',
  shouldAnimate: true,
  toggleMenu: false,
  homeData: null,
  pending: 0,
  online: true,
});

/** Reads one slice of the store; the server snapshot is the initial state, so hydration matches. */
export function useStore<T>(select: (s: StoreState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}

/** Wraps async work (an API call, a navigation) so the progress bar shows while it runs. */
export async function trackPending<T>(work: () => Promise<T>): Promise<T> {
  store.set((s) => ({ pending: s.pending + 1 }));
  try {
    return await work();
  } finally {
    store.set((s) => ({ pending: Math.max(0, s.pending - 1) }));
  }
}
