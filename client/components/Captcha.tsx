// The feedback form's verification code: the image from /feedback/captcha (through the proxy), a
// "New code" button, the input. A code is used once by the origin, so the form asks for a new
// one after every failed submit; the hook also replaces it shortly before it expires.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../src/i18n/translator';
import { api } from '../lib/api';
import { whenActivated } from '../lib/activation';

/** Ask for the next code this long before the current one expires. */
const EXPIRY_MARGIN_MS = 10_000;

export interface CaptchaState {
  status: 'loading' | 'ready' | 'failed';
  id: string;
  image: string;
  /** Set when the code was replaced because it expired (shown to the visitor). */
  expired: boolean;
}

export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'loading', id: '', image: '', expired: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  const load = useCallback(async (expired = false) => {
    const mine = ++generation.current;
    clearTimeout(timer.current);
    setState((current) => ({ ...current, status: 'loading', expired }));
    try {
      const answer = await api.getCaptcha();
      if (mine !== generation.current) return;
      setState({ status: 'ready', id: answer.captcha_id, image: answer.image, expired });
      // Relative to now (expires_in), so a wrong clock on this computer does not matter.
      const lifetime = Math.max(answer.expires_in * 1000 - EXPIRY_MARGIN_MS, 5_000);
      timer.current = setTimeout(() => void load(true), lifetime);
    } catch {
      if (mine !== generation.current) return;
      setState({ status: 'failed', id: '', image: '', expired: false });
    }
  }, []);

  useEffect(() => {
    // A code is created upstream for each request: a prerendered form asks once it is opened.
    whenActivated(() => void load());
    return () => clearTimeout(timer.current);
  }, [load]);

  // A code that could not load (usually: no connection) loads again by itself once the browser
  // is back online; the visitor should not have to find "New code".
  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    const retry = () => void load();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, load]);

  return { captcha: state, refresh: load };
}

export function CaptchaField({ id, captcha, onRefresh, error, onFieldInput }: { id: string; captcha: CaptchaState; onRefresh: () => void; error?: string; onFieldInput: (name: string) => void }) {
  const t = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hintId, statusId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field captcha field-invalid' : 'field captcha'}>
      <label className="field-label" htmlFor={id}>
        {t('feedback.captcha.label')}
      </label>
      <p className="field-hint" id={hintId}>
        {t('feedback.captcha.hint')}
      </p>
      <div className="captcha-row">
        <input
          className="field-input captcha-input"
          id={id}
          name="captcha"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="auto"
          maxLength={16}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onInput={() => onFieldInput('captcha')}
        />
        <span className="captcha-image" data-captcha-status={captcha.status} data-captcha-id={captcha.id || undefined}>
          {captcha.status === 'ready' ? <img src={captcha.image} alt={t('feedback.captcha.alt')} width={150} height={50} /> : null}
        </span>
        <button type="button" className="button button-ghost captcha-refresh" onClick={onRefresh} aria-controls={id}>
          {t('feedback.captcha.refresh')}
        </button>
      </div>
      <p className="captcha-status" id={statusId} role="status">
        {captcha.status === 'loading' ? t('feedback.captcha.loading') : captcha.status === 'failed' ? t('feedback.captcha.loadFailed') : captcha.expired ? t('feedback.captcha.expired') : ''}
      </p>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
