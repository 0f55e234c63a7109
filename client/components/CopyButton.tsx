import { useEffect, useRef, useState } from 'react';
import { useT } from '../../src/i18n/translator';
import { copyText } from '../../src/domain/form';

export interface CopyButtonProps {
  /** What lands on the clipboard (a licence or trial code, the download link on phones). */
  value: string;
  /** The button's text (default `ui.copy.copy`). */
  label?: string;
  /** Classes of the button itself (default a ghost button). */
  className?: string;
  /** What is announced after copying, when the place needs more than `ui.copy.copied` (e.g. "paste it on your PC"). */
  copiedText?: string;
  /** What is announced when copying failed (default `ui.copy.failed`). */
  failedText?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The site's copy-to-clipboard button. The Clipboard API first; where it is missing or refused
 * (plain http, an old browser, a permission policy) a selected textarea and execCommand('copy');
 * where that fails too, the value appears in a read-only field, selected, with a hint to press
 * Ctrl+C. Every outcome is announced through the status region next to the button.
 */
export default function CopyButton({ value, label, className = 'button button-ghost', copiedText, failedText }: CopyButtonProps) {
  const t = useT();
  const [state, setState] = useState<CopyState>('idle');
  const fieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state !== 'failed') return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [state]);

  const copy = async () => {
    // Back to idle first: a second "Copied" is announced again.
    setState('idle');
    setState((await copyText(value)) ? 'copied' : 'failed');
  };

  const text = label ?? t('ui.copy.copy');
  return (
    <span className="copy-button" data-copy-state={state}>
      <button type="button" className={className} onClick={() => void copy()} data-copy-button>
        {state === 'copied' ? (
          <svg className="copy-button-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : null}
        {text}
      </button>
      <span className="copy-status" role="status" aria-live="polite" data-copy={state}>
        {state === 'copied' ? (copiedText ?? t('ui.copy.copied')) : state === 'failed' ? (failedText ?? t('ui.copy.failed')) : ''}
      </span>
      {state === 'failed' ? (
        <input ref={fieldRef} className="copy-fallback" type="text" readOnly value={value} aria-label={text} onFocus={(event) => event.currentTarget.select()} />
      ) : null}
    </span>
  );
}
