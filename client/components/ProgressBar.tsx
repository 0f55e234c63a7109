import { useEffect, useState } from 'react';
import { store, useStore } from '../lib/store';
import { useT } from '../../src/i18n/translator';

// Show after 200 ms (quick work never flashes a bar), run about 5 s, hide 500 ms after the end.
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;

type Phase = 'idle' | 'running' | 'finishing';

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.target === '_blank' || link.hasAttribute('download') || link.dataset.downloadLink !== undefined) return false;
  const url = new URL(link.href, location.href);
  return url.origin === location.origin && !(url.pathname === location.pathname && url.search === location.search && url.hash);
}

/** The thin bar at the top of the page while a navigation or a request is under way. */
export default function ProgressBar() {
  const t = useT();
  const pending = useStore((s) => s.pending);
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) store.set((s) => ({ pending: s.pending + 1 }));
    };
    // Coming back through the back/forward cache: that navigation is over.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && store.set({ pending: 0 });
    document.addEventListener('click', onClick);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  useEffect(() => {
    if (pending > 0) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (phase === 'running') {
      setPhase('finishing');
      const timer = setTimeout(() => setPhase('idle'), PROGRESS_HIDE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [pending]);

  return (
    <div
      className={`progress-bar progress-${phase}`}
      role="progressbar"
      aria-hidden={phase === 'idle'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={t('ui.progress.loading')}
      data-phase={phase}
    >
      <div className="progress-fill" />
    </div>
  );
}
