import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../src/i18n/translator';
import { api, ApiError } from '../lib/api';
import { FAMILY_NAME_FIRST, FORM_IDS, validateForm } from '../../src/domain/form';
import { privacyControlAddRequestSchema } from '../../src/domain/api-schemas';
import { API_ERRORS } from '../../src/domain/api-errors';
import { PRIVACY_OPT_OUT_KEY } from '../../src/domain/tracking';
import { REJECT_ALL } from '../../src/domain/consent';
import { saveConsent } from '../lib/consent';
import { ApiForm, EmailField, FailureRegion, StatusRegion, SubmitButton, TextField, useApiForm, useFocusOnShow } from '../components/form-parts';

export interface DoNotSellFormProps {
  /** The page's own URL: where a submit without JavaScript goes (the Worker sends it back, 303). */
  action: string;
  /** The page request carried `Sec-GPC: 1`. */
  gpc: boolean;
}

const FIELDS = ['first_name', 'last_name', 'email'] as const;
/** Japanese and Chinese forms ask for the family name first. */
const FIELDS_FAMILY_FIRST = ['last_name', 'first_name', 'email'] as const;

type Outcome = { kind: 'received' } | { kind: 'exists' };

/** This browser's visitor asked not to be sold or shared: the analytics tags stop loading here at once. */
function rememberOptOut() {
  try {
    localStorage.setItem(PRIVACY_OPT_OUT_KEY, '1');
  } catch {
    /* storage unavailable: the request itself still stands */
  }
  // The opt-out already answers the consent question: the banner need not ask it again.
  saveConsent(REJECT_ALL);
}

function hasGlobalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

/** /do-not-sell-my-info: one opt-out request per email, handled within 72 hours. */
export default function DoNotSellForm({ action, gpc: gpcHeader }: DoNotSellFormProps) {
  const { t, locale } = useI18n();
  const fields = FAMILY_NAME_FIRST.has(locale) ? FIELDS_FAMILY_FIRST : FIELDS;
  // The server saw the Sec-GPC header; the browser may also expose the signal to scripts only.
  const [gpc, setGpc] = useState(gpcHeader);
  useEffect(() => {
    if (hasGlobalPrivacyControl()) setGpc(true);
  }, []);

  const validate = useCallback((values: Record<string, string>) => validateForm(privacyControlAddRequestSchema, values, fields, t), [t, fields]);
  const send = useCallback(async (data: { first_name: string; last_name: string; email: string }): Promise<Outcome> => {
    try {
      await api.addPrivacyRequest({ first_name: data.first_name, last_name: data.last_name, email: data.email });
      rememberOptOut();
      return { kind: 'received' };
    } catch (error) {
      if (error instanceof ApiError && error.code === API_ERRORS.EMAIL_ALREADY_EXISTS.code) {
        rememberOptOut();
        return { kind: 'exists' };
      }
      throw error;
    }
  }, []);
  const form = useApiForm({ fields, validate, send });
  const outcomeRef = useFocusOnShow<HTMLDivElement>(form.result);

  return (
    <ApiForm id={FORM_IDS['do-not-sell-my-info']} action={action} form={form}>
      {gpc ? (
        <div className="form-message form-message-info" data-gpc="honoured">
          <p className="form-message-title">{t('ui.doNotSell.gpcTitle')}</p>
          <p>{t('ui.doNotSell.gpcText')}</p>
        </div>
      ) : null}
      <p className="form-note">{t('ui.forms.allRequired')}</p>
      <div className="field-row">
        {fields.slice(0, 2).map((name) =>
          name === 'first_name' ? (
            <TextField
              key={name}
              id="do-not-sell-first-name"
              name="first_name"
              autoComplete="given-name"
              maxLength={64}
              label={t('ui.forms.firstName')}
              error={form.errors['first_name']}
              onFieldInput={form.onFieldInput}
            />
          ) : (
            <TextField
              key={name}
              id="do-not-sell-last-name"
              name="last_name"
              autoComplete="family-name"
              maxLength={64}
              label={t('ui.forms.lastName')}
              error={form.errors['last_name']}
              onFieldInput={form.onFieldInput}
            />
          ),
        )}
      </div>
      <EmailField id="do-not-sell-email" hint={t('ui.doNotSell.emailHint')} form={form} />
      <SubmitButton hydrated={form.hydrated} sending={form.phase === 'sending'} label={t('ui.doNotSell.submit')} />
      <StatusRegion offline={form.phase === 'offline'}>
        {form.result?.kind === 'received' ? (
          <div className="form-message form-message-success" ref={outcomeRef} tabIndex={-1} data-outcome="received">
            <p className="form-message-title">{t('ui.doNotSell.receivedTitle')}</p>
            <p>{t('ui.doNotSell.received')}</p>
          </div>
        ) : null}
      </StatusRegion>
      <FailureRegion failure={form.failure} onRetry={() => void form.submit()}>
        {form.result?.kind === 'exists' ? (
          <div className="form-message form-message-error" ref={outcomeRef} tabIndex={-1} data-outcome="exists">
            <p className="form-message-title">{t('ui.doNotSell.exists')}</p>
          </div>
        ) : null}
      </FailureRegion>
    </ApiForm>
  );
}
