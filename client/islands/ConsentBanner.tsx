import { useEffect, useRef, useState } from 'react';
import { ACCEPT_ALL, REJECT_ALL, type ConsentChoice } from '../../src/domain/consent';
import type { ConsentStrings } from '../../src/i18n/consent';
import { CONSENT_OPEN_EVENT, privacySignals, readStoredConsent, saveConsent } from '../lib/consent';

export type { ConsentStrings };

/** The banner's copy (`consent.*`), passed as props so only asked visitors download it. */
export interface ConsentBannerProps {
  strings: ConsentStrings;
  privacyHref: string;
  /** Rendered open by the Worker for an asked visitor who has not chosen; closed until reopened otherwise. */
  open?: boolean;
  /** Open on the per-purpose settings (the footer's "Cookie settings"). */
  settings?: boolean;
  /** Focus the banner when it opens (it was opened by the visitor, not by the page). */
  focusOnOpen?: boolean;
}

/**
 * The consent banner: a labelled, non-modal region fixed to the bottom of the viewport (it never
 * moves the page), with "Reject all" and "Accept all" of equal weight and per-purpose settings.
 * Focus is never trapped; a visitor who opens it from the footer gets focus on it and back on the
 * link after choosing.
 */
export default function ConsentBanner({ strings, privacyHref, open: initiallyOpen = true, settings: initialSettings = false, focusOnOpen = false }: ConsentBannerProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [settings, setSettings] = useState(initialSettings);
  const [choice, setChoice] = useState<ConsentChoice>(REJECT_ALL);
  const [overridden, setOverridden] = useState(false);
  const [status, setStatus] = useState('');
  const [focusRequest, setFocusRequest] = useState(focusOnOpen ? 1 : 0);
  const region = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    // Mounted by the footer link (client/lib/consent-open.ts): focus goes back there afterwards.
    if (focusOnOpen && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    const stored = readStoredConsent();
    if (stored) {
      setChoice(stored);
      // The cookie was cleared but localStorage still held the choice: it counts, no question.
      if (!focusOnOpen) setOpen(false);
    }
    const privacy = privacySignals();
    setOverridden(privacy.optedOut || privacy.gpc);
    const reopen = () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setChoice(readStoredConsent() ?? REJECT_ALL);
      setSettings(true);
      setStatus('');
      setOpen(true);
      setFocusRequest((n) => n + 1);
    };
    addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, [focusOnOpen]);

  useEffect(() => {
    if (open && focusRequest > 0) region.current?.focus();
  }, [open, focusRequest]);

  const choose = (next: ConsentChoice) => {
    saveConsent(next);
    setChoice(next);
    setOpen(false);
    setStatus(strings.saved);
    const back = opener.current;
    opener.current = null;
    // The pressed button is about to disappear: keep keyboard users where they were, not at the top.
    if (back?.isConnected) back.focus();
    else if (region.current?.contains(document.activeElement)) document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <>
      {open ? (
        <section ref={region} className="consent-banner" aria-label={strings.region} aria-describedby="consent-body" tabIndex={-1} data-consent-banner="">
          <h2 id="consent-title" className="consent-title">
            {strings.title}
          </h2>
          <p id="consent-body" className="consent-body">
            {strings.body}{' '}
            <a href={privacyHref} target="_blank" rel="noopener">
              {strings.privacy}
            </a>
          </p>
          {overridden ? <p className="consent-note">{strings.gpc}</p> : null}
          {settings ? (
            <fieldset id="consent-purposes" className="consent-purposes">
              <legend>{strings.purposes}</legend>
              <Purpose name="analytics" label={strings.analytics} help={strings.analyticsHelp} checked={choice.analytics} onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))} />
              <Purpose name="ads" label={strings.ads} help={strings.adsHelp} checked={choice.ads} onChange={(ads) => setChoice((c) => ({ ...c, ads }))} />
              <p className="consent-help">{strings.necessary}</p>
            </fieldset>
          ) : null}
          <div className="consent-actions">
            <button type="button" className="button consent-choice" data-consent="reject" onClick={() => choose(REJECT_ALL)}>
              {strings.reject}
            </button>
            <button type="button" className="button consent-choice" data-consent="accept" onClick={() => choose(ACCEPT_ALL)}>
              {strings.accept}
            </button>
            {settings ? (
              <button type="button" className="button button-ghost" data-consent="save" onClick={() => choose(choice)}>
                {strings.save}
              </button>
            ) : (
              <button type="button" className="button button-ghost" data-consent="settings" onClick={() => setSettings(true)}>
                {strings.settings}
              </button>
            )}
          </div>
        </section>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </>
  );
}

function Purpose({ name, label, help, checked, onChange }: { name: string; label: string; help: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="consent-purpose">
      <input type="checkbox" id={`consent-${name}`} name={name} checked={checked} aria-describedby={`consent-${name}-help`} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={`consent-${name}`}>{label}</label>
      <p id={`consent-${name}-help`} className="consent-help">
        {help}
      </p>
    </div>
  );
}
