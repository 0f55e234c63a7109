import { useCallback } from 'react';
import { useT } from '../../src/i18n/translator';
import { api, ApiError } from '../lib/api';
import { FORM_IDS, validateForm } from '../../src/domain/form';
import { sendCdkeyOrderMailRequestSchema } from '../../src/domain/api-schemas';
import { API_ERRORS } from '../../src/domain/api-errors';
import { tWithUserText } from '../components/UserText';
import { ApiForm, EmailField, FailureRegion, StatusRegion, SubmitButton, useApiForm, useFocusOnShow } from '../components/form-parts';

export interface LicenseCodeFormProps {
  /** The page's own URL: where a submit without JavaScript goes (the Worker sends it back, 303). */
  action: string;
  /** The order-steps page, offered when the email is not registered. */
  queryStepsHref: string;
}

const FIELDS = ['email'] as const;

type Outcome = { kind: 'sent'; email: string } | { kind: 'not-registered' };

/** /license-code: the registration code of every paid order of an email is mailed to it again. */
export default function LicenseCodeForm({ action, queryStepsHref }: LicenseCodeFormProps) {
  const t = useT();
  const validate = useCallback((values: Record<string, string>) => validateForm(sendCdkeyOrderMailRequestSchema, values, FIELDS, t), [t]);
  const send = useCallback(async (data: { email: string }): Promise<Outcome> => {
    try {
      await api.sendLicenceCodeMail({ email: data.email });
      return { kind: 'sent', email: data.email };
    } catch (error) {
      if (error instanceof ApiError && error.code === API_ERRORS.EMAIL_NOT_REGISTERED.code) return { kind: 'not-registered' };
      throw error;
    }
  }, []);
  const form = useApiForm({ fields: FIELDS, validate, send });
  const outcomeRef = useFocusOnShow<HTMLDivElement>(form.result);
  const sent = form.result?.kind === 'sent' ? form.result : null;
  const notRegistered = form.result?.kind === 'not-registered';

  return (
    <ApiForm id={FORM_IDS['license-code']} action={action} form={form}>
      <EmailField id="license-code-email" hint={t('ui.licenseCode.emailHint')} form={form} />
      <SubmitButton hydrated={form.hydrated} sending={form.phase === 'sending'} label={t('ui.licenseCode.submit')} />
      <StatusRegion offline={form.phase === 'offline'}>
        {sent ? (
          <div className="form-message form-message-success" ref={outcomeRef} tabIndex={-1} data-outcome="sent">
            <p className="form-message-title">{t('ui.licenseCode.sentTitle')}</p>
            <p>{tWithUserText(t, 'ui.licenseCode.sent', { email: sent.email })}</p>
          </div>
        ) : null}
      </StatusRegion>
      <FailureRegion failure={form.failure} onRetry={() => void form.submit()}>
        {notRegistered ? (
          <div className="form-message form-message-error" ref={outcomeRef} tabIndex={-1} data-outcome="not-registered">
            <p className="form-message-title">{t('ui.licenseCode.notRegistered')}</p>
            <p>{t('ui.licenseCode.notRegisteredHelp')}</p>
            <p>
              <a href={queryStepsHref}>{t('ui.licenseCode.querySteps')}</a>
            </p>
          </div>
        ) : null}
      </FailureRegion>
    </ApiForm>
  );
}
