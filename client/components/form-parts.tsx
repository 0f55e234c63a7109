// Building blocks of the email form islands (LicenseCodeForm, TrialCodeForm, DoNotSellForm): the
// submit cycle, labelled fields with their errors, the failure box with its Retry button.
// Not an island itself (no default export): the islands import it, so it is one shared chunk.
//
// Inputs are uncontrolled: the DOM keeps what the visitor typed, before hydration (React never
// writes a `value` over it), while sending, and after a failure. The submit button is disabled
// until the island has hydrated, so the browser never submits the form on its own.
// The forms' styles travel with their islands; Island links them from the server.
import '../styles/forms.css';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../src/i18n/translator';
import { ApiError } from '../lib/api';
import { readFields, serverFieldErrors, type FieldErrors } from '../../src/domain/form';

export type SubmitPhase = 'idle' | 'sending' | 'offline' | 'done' | 'failed';

export interface SubmitFailure {
  message: string;
  /** Offer a Retry button: the request was fine, the way to the answer was not. */
  retryable: boolean;
}

type Validation<D> = { ok: true; data: D } | { ok: false; errors: FieldErrors };

export interface ApiFormOptions<D, R> {
  /** The input names, in the order they appear (the first invalid one gets the focus). */
  fields: readonly string[];
  /** Client validation with the call's schema (validateForm); the proxy and the origin check again. */
  validate: (values: Record<string, string>) => Validation<D>;
  /** Sends the validated data; resolves with what to show, rejects with an ApiError. */
  send: (data: D) => Promise<R>;
}

function focusField(form: HTMLFormElement, name: string | undefined) {
  if (!name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

/** 6919992 (too frequent) is worth a retry a little later; 6919993 (try tomorrow) is not. */
const RETRY_LATER_CODES = new Set([6919992]);

/**
 * NetworkStatus promises that forms send once the connection is back. The returned function
 * runs `retry` at the next `online` event, once however often it is called meanwhile.
 */
export function useOnlineRetry() {
  const waiting = useRef(false);
  return useCallback((retry: () => void) => {
    if (waiting.current) return;
    waiting.current = true;
    window.addEventListener(
      'online',
      () => {
        waiting.current = false;
        retry();
      },
      { once: true },
    );
  }, []);
}

/** The submit cycle of an API form: validate → (wait for the network) → send → result or failure. */
export function useApiForm<D, R>({ fields, validate, send }: ApiFormOptions<D, R>) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const retryWhenOnline = useOnlineRetry();
  const submitRef = useRef<() => Promise<void>>(async () => {});
  const [hydrated, setHydrated] = useState(false);
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [result, setResult] = useState<R | null>(null);

  useEffect(() => setHydrated(true), []);

  const submit = useCallback(async () => {
    const form = formRef.current;
    if (!form || busy.current) return;
    const checked = validate(readFields(form, fields));
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(null);
      setResult(null);
      setPhase('idle');
      focusField(form, fields.find((f) => f in checked.errors));
      return;
    }
    setErrors({});
    setFailure(null);
    setResult(null);
    if (navigator.onLine === false) {
      // NetworkStatus promises that forms send once the connection is back: keep that promise
      // (once, however often the visitor pressed the button meanwhile).
      setPhase('offline');
      retryWhenOnline(() => void submitRef.current());
      return;
    }
    busy.current = true;
    setPhase('sending');
    try {
      setResult(await send(checked.data));
      setPhase('done');
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer = serverFieldErrors(error.fieldErrors, fields, t);
        if (Object.keys(fromServer).length > 0) {
          setErrors(fromServer);
          setPhase('idle');
          focusField(form, fields.find((f) => f in fromServer));
          return;
        }
        setFailure({ message: error.localizedMessage, retryable: error.transient || RETRY_LATER_CODES.has(error.code) });
      } else {
        console.error('form submit failed', error);
        setFailure({ message: t('ui.api.unknown'), retryable: true });
      }
      setPhase('failed');
    } finally {
      busy.current = false;
    }
  }, [fields, validate, send, t]);
  useEffect(() => {
    submitRef.current = submit;
  }, [submit]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
    [submit],
  );

  /** A field's error goes away as soon as the visitor edits it. */
  const onFieldInput = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  return { formRef, hydrated, phase, errors, failure, result, submit, onSubmit, onFieldInput };
}

/** What the form element and the shared fields need from `useApiForm`. */
type ApiFormState = Pick<ReturnType<typeof useApiForm>, 'phase' | 'formRef' | 'onSubmit' | 'errors' | 'onFieldInput'>;

/**
 * The <form> of every API form: a real POST to the page itself (answered 303 by the Worker
 * without JavaScript), no native validation bubbles, busy while sending.
 */
export function ApiForm({ id, action, form, children }: { id: string; action: string; form: ApiFormState; children: ReactNode }) {
  return (
    <form id={id} className="api-form" method="post" action={action} noValidate aria-busy={form.phase === 'sending'} ref={form.formRef} onSubmit={form.onSubmit}>
      {children}
    </form>
  );
}

/**
 * The email field every form asks for, with its page-specific hint. It has no maxlength: a
 * browser silently cuts a longer paste at that length, and the cut address (at most 254
 * characters, RFC 5321) may belong to someone else; the schema refuses a longer one instead.
 */
export function EmailField({ id, hint, form, onFocus }: { id: string; hint: string; form: Pick<ApiFormState, 'errors' | 'onFieldInput'>; onFocus?: () => void }) {
  const t = useT();
  return (
    <TextField
      id={id}
      name="email"
      type="email"
      autoComplete="email"
      label={t('ui.forms.email')}
      hint={hint}
      error={form.errors['email']}
      onFieldInput={form.onFieldInput}
      onFocus={onFocus}
    />
  );
}

export interface TextFieldProps {
  /** Unique on the page (islands cannot use useId). */
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  /** Only where cutting the text short cannot change what it means (never on an email). */
  maxLength?: number;
  error?: string;
  hint?: string;
  onFieldInput: (name: string) => void;
  /** Optional fields say so after their label (`optionalLabel`); required is the default. */
  required?: boolean;
  optionalLabel?: string;
  /** The server-rendered value (a prefill from the query); the DOM owns it afterwards. */
  defaultValue?: string;
  /** Work to start before the visitor submits (the checkout fetches its email rule). */
  onFocus?: () => void;
}

/** A labelled input (required unless told otherwise); its hint and error are tied to it with aria-describedby. */
export function TextField({ id, name, label, type = 'text', autoComplete, maxLength, error, hint, onFieldInput, required = true, optionalLabel, defaultValue, onFocus }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {!required && optionalLabel ? <span className="field-optional"> ({optionalLabel})</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId ?? undefined}>
          {hint}
        </p>
      ) : null}
      <input
        className="field-input"
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        // What the visitor types takes the direction of its own text (Arabic or Hebrew right to left).
        dir="auto"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={() => onFieldInput(name)}
        onFocus={onFocus}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The submit button: disabled until hydrated, aria-disabled while sending (it keeps the focus). */
export function SubmitButton({ hydrated, sending, label }: { hydrated: boolean; sending: boolean; label: string }) {
  const t = useT();
  return (
    <button className="button button-primary form-submit" type="submit" disabled={!hydrated} aria-disabled={sending || undefined} data-sending={sending || undefined}>
      {sending ? t('ui.forms.sending') : label}
    </button>
  );
}

/**
 * The form's alert region: always in the page (so screen readers announce what appears in it),
 * holding the failure, the reminder that nothing typed was lost, and the Retry button.
 */
export function FailureRegion({ failure, onRetry, children }: { failure: SubmitFailure | null; onRetry: () => void; children?: ReactNode }) {
  const t = useT();
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failure?.retryable) retryRef.current?.focus();
  }, [failure]);
  return (
    <div className="form-alert-region" role="alert">
      {failure ? (
        <div className="form-message form-message-error">
          <p className="form-message-title">{failure.message}</p>
          <p>{t('ui.forms.inputKept')}</p>
          {failure.retryable ? (
            <button ref={retryRef} className="button button-ghost form-retry" type="button" onClick={onRetry}>
              {t('ui.forms.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The form's polite status region: the outcome and the offline wait. */
export function StatusRegion({ offline, children }: { offline: boolean; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="form-status-region" role="status">
      {offline ? <p className="form-message form-message-info">{t('ui.forms.offline')}</p> : null}
      {children}
    </div>
  );
}

/** Moves the focus to an outcome once it appears, so keyboard and screen-reader users land on it. */
export function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
