import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../src/i18n/translator';
import { api, ApiError } from '../lib/api';
import { FAMILY_NAME_FIRST, FORM_IDS, readFields, type FieldErrors } from '../../src/domain/form';
import { FEEDBACK_FIELDS, composeName, describeSystem, feedbackPayload, issuesToErrors, validateFeedback, type FeedbackField } from '../../src/domain/feedback';
import { feedbackAddRequestSchema, PROBLEM_TYPES, TICKET_TYPES } from '../../src/domain/api-schemas';
import { ApiForm, StatusRegion, SubmitButton, TextField, type SubmitPhase } from '../components/form-parts';
import { SelectField, TextAreaField } from '../components/feedback-fields';
import { CaptchaField, useCaptcha } from '../components/Captcha';
import { UploadImage, useUploads } from '../components/UploadImage';
import { tWithUserText } from '../components/UserText';

export interface FeedbackFormProps {
  /** The page's own URL: where a submit without JavaScript goes (the Worker sends it back, 303). */
  action: string;
  /** From the page's query: ticket_type, order_id (the payment failure page links here with it), email. */
  prefill: { ticket_type?: string; order_number?: string; email?: string };
}

const TEXT_FIELDS = FEEDBACK_FIELDS.filter((f) => f !== 'attachments');

interface Sent {
  ticketId: string;
  email: string;
}

function focusField(form: HTMLFormElement, name: string | undefined) {
  if (!name) return;
  const element = name === 'attachments' ? form.querySelector<HTMLElement>('#feedback-attachments') : form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

function setValue(form: HTMLFormElement, name: string, value: string, onlyIfEmpty: boolean) {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement && (!onlyIfEmpty || element.value === '')) element.value = value;
}

/** /feedback: a support ticket with a verification code and up to five screenshots (docs/PRODUCT.md, Feedback ticket). */
export default function FeedbackForm({ action, prefill }: FeedbackFormProps) {
  const { t, locale } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const submitted = useRef(false);
  const nameEdited = useRef(false);
  const busy = useRef(false);
  const { captcha, refresh: refreshCaptcha } = useCaptcha();
  const uploads = useUploads();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const prefillSystem = useCallback(async () => {
    const { system, device } = await describeSystem(navigator as Navigator & { userAgentData?: never });
    const form = formRef.current;
    if (!form) return;
    setValue(form, 'system_version', system, true);
    setValue(form, 'device_name', device, true);
  }, []);

  useEffect(() => {
    setHydrated(true);
    void prefillSystem();
  }, [prefillSystem]);

  useEffect(() => {
    if (sent) outcomeRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  // "Wait for the uploads" holds only while they run.
  useEffect(() => {
    if (!uploads.busy) setErrors((current) => (current['attachments'] === t('feedback.form.waitUploads') ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== 'attachments')) : current));
  }, [uploads.busy, t]);

  const check = useCallback(() => {
    const form = formRef.current!;
    return validateFeedback(feedbackAddRequestSchema, feedbackPayload(readFields(form, TEXT_FIELDS), captcha.id, uploads.keys), t);
  }, [captcha.id, uploads.keys, t]);

  /** Before the first submit a field's error only goes away; after it, each change is checked again. */
  const onFieldInput = useCallback(
    (name: string) => {
      const form = formRef.current;
      if (!form) return;
      if (name === 'first_name' || name === 'last_name') {
        if (!nameEdited.current) {
          const values = readFields(form, ['first_name', 'last_name']);
          setValue(form, 'name', composeName(values['first_name'] ?? '', values['last_name'] ?? '', locale), false);
        }
      }
      if (name === 'name') nameEdited.current = true;
      const result = submitted.current ? check() : null;
      setErrors((current) => {
        const next = { ...current };
        const touched = name === 'first_name' || name === 'last_name' ? [name, ...(nameEdited.current ? [] : ['name'])] : [name];
        for (const field of touched) {
          const message = result && !result.ok ? result.errors[field] : undefined;
          if (message) next[field] = message;
          else delete next[field];
        }
        return next;
      });
    },
    [check, locale],
  );

  const submit = useCallback(async () => {
    const form = formRef.current;
    if (!form || busy.current) return;
    submitted.current = true;
    setSent(null);
    setFailure(null);
    if (uploads.busy) {
      setErrors((current) => ({ ...current, attachments: t('feedback.form.waitUploads') }));
      focusField(form, 'attachments');
      return;
    }
    const result = check();
    if (!result.ok) {
      setErrors(result.errors);
      focusField(form, FEEDBACK_FIELDS.find((f) => f in result.errors));
      return;
    }
    setErrors({});
    busy.current = true;
    setPhase('sending');
    const data = result.data;
    try {
      const answer = await api.addFeedback({ captcha_id: data.captcha_id, captcha: data.captcha, data: data.data });
      // Only now is the form cleared: the ticket exists.
      form.reset();
      nameEdited.current = false;
      submitted.current = false;
      uploads.reset();
      void prefillSystem();
      setSent({ ticketId: answer.ticket_id, email: data.data.email });
      setPhase('done');
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const fromServer = issuesToErrors(
          error.fieldErrors.map((e) => ({ path: e.field.split('.'), message: e.message })),
          t,
        );
        setErrors(fromServer);
        focusField(form, FEEDBACK_FIELDS.find((f) => f in fromServer));
      }
      setFailure(error instanceof ApiError ? error.localizedMessage : t('ui.api.unknown'));
      setPhase('failed');
    } finally {
      busy.current = false;
      // A code is good for one try, right or wrong: the next try needs a new one.
      setValue(form, 'captcha', '', false);
      void refreshCaptcha();
    }
  }, [check, prefillSystem, refreshCaptcha, t, uploads]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
    [submit],
  );

  const formState = { phase, formRef, onSubmit, errors, onFieldInput };
  const familyFirst = FAMILY_NAME_FIRST.has(locale);
  const optional = t('feedback.form.optional');
  const field = (name: FeedbackField) => ({ id: `feedback-${name.replace('_', '-')}`, name, error: errors[name], onFieldInput });
  const firstName = <TextField key="first" {...field('first_name')} autoComplete="given-name" maxLength={64} label={t('feedback.form.firstName')} />;
  const lastName = <TextField key="last" {...field('last_name')} autoComplete="family-name" maxLength={64} label={t('feedback.form.lastName')} />;

  return (
    <ApiForm id={FORM_IDS.feedback} action={action} form={formState}>
      <StatusRegion offline={false}>
        {sent ? (
          <div className="form-message form-message-success" ref={outcomeRef} tabIndex={-1} data-outcome="submitted">
            <p className="form-message-title">{t('feedback.success.title')}</p>
            <p>
              {t('feedback.success.ticket')} <strong className="feedback-ticket" data-ticket-id={sent.ticketId}>{sent.ticketId}</strong>
            </p>
            <p>{tWithUserText(t, 'feedback.success.promise', { email: sent.email })}</p>
          </div>
        ) : null}
      </StatusRegion>
      <p className="form-note">{t('feedback.form.requiredNote')}</p>
      <div className="field-row">
        <SelectField
          {...field('ticket_type')}
          label={t('feedback.form.ticketType')}
          placeholder={t('feedback.form.choose')}
          defaultValue={prefill.ticket_type}
          options={TICKET_TYPES.map((value) => ({ value, label: t(`feedback.ticketTypes.${value}`) }))}
        />
        <SelectField
          {...field('problem_type')}
          label={t('feedback.form.problemType')}
          placeholder={t('feedback.form.choose')}
          options={PROBLEM_TYPES.map((value) => ({ value, label: t(`feedback.problemTypes.${value}`) }))}
        />
      </div>
      <fieldset className="form-group">
        <legend>{t('feedback.form.yourDetails')}</legend>
        <div className="field-row">{familyFirst ? [lastName, firstName] : [firstName, lastName]}</div>
        <TextField {...field('name')} autoComplete="name" maxLength={128} label={t('feedback.form.name')} hint={t('feedback.form.nameHint')} />
        <TextField {...field('email')} type="email" autoComplete="email" label={t('feedback.form.email')} hint={t('feedback.form.emailHint')} defaultValue={prefill.email} />
        <TextField
          {...field('order_number')}
          autoComplete="off"
          maxLength={64}
          label={t('feedback.form.orderNumber')}
          hint={t('feedback.form.orderNumberHint')}
          required={false}
          optionalLabel={optional}
          defaultValue={prefill.order_number}
        />
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('feedback.form.yourRequest')}</legend>
        <TextField {...field('subject')} autoComplete="off" maxLength={200} label={t('feedback.form.subject')} />
        <TextAreaField
          {...field('remark')}
          label={t('feedback.form.remark')}
          hint={t('feedback.form.remarkHint')}
          maxLength={5000}
          optionalLabel={optional}
          countLabel={(count) => t('feedback.form.remarkCount', { count, max: 5000 })}
        />
        <UploadImage id="feedback-attachments" uploads={uploads} error={errors['attachments']} />
      </fieldset>
      <fieldset className="form-group">
        <legend>{t('feedback.form.system')}</legend>
        <p className="form-note">{t('feedback.form.systemHint')}</p>
        <TextField {...field('version')} autoComplete="off" maxLength={64} label={t('feedback.form.version')} hint={t('feedback.form.versionHint')} required={false} optionalLabel={optional} />
        <div className="field-row">
          <TextField {...field('system_version')} autoComplete="off" maxLength={128} label={t('feedback.form.systemVersion')} required={false} optionalLabel={optional} />
          <TextField {...field('device_name')} autoComplete="off" maxLength={128} label={t('feedback.form.deviceName')} required={false} optionalLabel={optional} />
        </div>
      </fieldset>
      <CaptchaField id="feedback-captcha" captcha={captcha} onRefresh={() => void refreshCaptcha()} error={errors['captcha']} onFieldInput={onFieldInput} />
      <SubmitButton hydrated={hydrated} sending={phase === 'sending'} label={t('feedback.form.submit')} />
      <div className="form-alert-region" role="alert">
        {failure ? (
          <div className="form-message form-message-error" ref={failureRef} tabIndex={-1} data-outcome="failed">
            <p className="form-message-title">{t('feedback.failure.title')}</p>
            <p className="feedback-failure-reason">{failure}</p>
            <p>{t('feedback.failure.kept')}</p>
            {/* Only a code that did load is announced; the code box itself says when one is loading or failed. */}
            {captcha.status === 'ready' ? <p>{t('feedback.failure.newCode')}</p> : null}
          </div>
        ) : null}
      </div>
    </ApiForm>
  );
}
