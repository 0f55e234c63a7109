import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `value` to the clipboard; the result is announced (aria-live) and the label returns after a moment. */
export default function CopyButton(props: { value: string; label?: string; className?: string }) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function copy() {
    let ok = false;
    try {
      await navigator.clipboard.writeText(props.value);
      ok = true;
    } catch {
      ok = false;
    }
    setState(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 4000);
  }

  return (
    <span className="copy-button-wrap">
      <button type="button" className={props.className ?? 'button button-ghost copy-button'} onClick={() => void copy()} data-copy-state={state}>
        {props.label ?? t('ui.copy.copy')}
      </button>
      <span className="copy-button-status" role="status" aria-live="polite">
        {state === 'copied' ? t('ui.copy.copied') : state === 'failed' ? t('ui.copy.failed') : ''}
      </span>
    </span>
  );
}
