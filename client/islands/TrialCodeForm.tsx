import { useCallback } from 'react';
import { useT } from '../../src/i18n/translator';
import { activityRefusalCode, api } from '../lib/api';
import { FORM_IDS, validateForm } from '../../src/domain/form';
import CopyButton from '../components/CopyButton';
import { activityReceiveRequestSchema } from '../../src/domain/api-schemas';
import { API_ERRORS } from '../../src/domain/api-errors';
import { tWithUserText } from '../components/UserText';
import { ApiForm, EmailField, FailureRegion, StatusRegion, SubmitButton, useApiForm, useFocusOnShow } from '../components/form-parts';

export interface TrialCodeFormProps {
  /** The page's own URL: where a submit without JavaScript goes (the Worker sends it back, 303). */
  action: string;
  /** The trial activity to claim (the page's default, or a campaign link's ?activity_id=). */
  activityId: number;
  /** The installed application's device id, when the installer link carried one. */
  deviceId: string | null;
  /** The licence-code page, offered to a buyer (4570003). */
  licenseCodeHref: string;
}

const FIELDS = ['email'] as const;

/** The reasons a claim is refused with (4570002–4570005), each with its own explanation. */
const REASONS: Record<number, string> = {
  [API_ERRORS.ACTIVITY_ALREADY_CLAIMED.code]: 'claimed',
  [API_ERRORS.ACTIVITY_PREVIOUSLY_PURCHASED.code]: 'purchased',
  [API_ERRORS.ACTIVITY_EXPIRED.code]: 'expired',
  [API_ERRORS.ACTIVITY_NOT_NEW_INSTALL.code]: 'notNew',
};

type Outcome = { kind: 'issued'; code: string; email: string } | { kind: 'refused'; reason: string; code: number };

function TrialCode({ code, email }: { code: string; email: string }) {
  const t = useT();
  const outcomeRef = useFocusOnShow<HTMLDivElement>(code);
  return (
    <div className="form-message form-message-success" ref={outcomeRef} tabIndex={-1} data-outcome="issued">
      <p className="form-message-title">{t('ui.trialCode.issuedTitle')}</p>
      <div className="code-box">
        <code className="code-value" data-trial-code>
          {code}
        </code>
        <CopyButton value={code} label={t('ui.trialCode.copy')} className="button button-ghost code-copy" />
      </div>
      <p>{tWithUserText(t, 'ui.trialCode.issued', { email })}</p>
    </div>
  );
}

/** /trial-code: claims the trial activity's code for an email (one per email) and shows it. */
export default function TrialCodeForm({ action, activityId, deviceId, licenseCodeHref }: TrialCodeFormProps) {
  const t = useT();
  const validate = useCallback(
    (values: Record<string, string>) => validateForm(activityReceiveRequestSchema, { ...values, activity_id: activityId, device_id: deviceId ?? undefined }, FIELDS, t),
    [t, activityId, deviceId],
  );
  const send = useCallback(
    async (data: { email: string; activity_id: number; device_id?: string }): Promise<Outcome> => {
      const answer = await api.claimTrialCode({ activity_id: data.activity_id, email: data.email, ...(data.device_id ? { device_id: data.device_id } : {}) });
      const refused = activityRefusalCode(answer);
      if (refused !== null) return { kind: 'refused', code: refused, reason: REASONS[refused] ?? 'claimed' };
      return { kind: 'issued', code: (answer as { cd_key: string }).cd_key, email: data.email };
    },
    [],
  );
  const form = useApiForm({ fields: FIELDS, validate, send });
  const refusalRef = useFocusOnShow<HTMLDivElement>(form.result?.kind === 'refused' ? form.result : null);
  const issued = form.result?.kind === 'issued' ? form.result : null;
  const refused = form.result?.kind === 'refused' ? form.result : null;

  return (
    <ApiForm id={FORM_IDS['trial-code']} action={action} form={form}>
      <EmailField id="trial-code-email" hint={t('ui.trialCode.emailHint')} form={form} />
      <SubmitButton hydrated={form.hydrated} sending={form.phase === 'sending'} label={t('ui.trialCode.submit')} />
      <StatusRegion offline={form.phase === 'offline'} />
      {/* Outside the status region: it takes the focus when it appears, and its copy status is its own live region. */}
      {issued ? <TrialCode code={issued.code} email={issued.email} /> : null}
      <FailureRegion failure={form.failure} onRetry={() => void form.submit()}>
        {refused ? (
          <div className="form-message form-message-error" ref={refusalRef} tabIndex={-1} data-outcome="refused" data-code={refused.code}>
            {/* The code's own words lead (translated), then what it means for the visitor. */}
            <p className="form-message-title" data-reason-label>
              {t(`ui.trialCode.reasonLabels.${refused.reason}`)}
            </p>
            <p>
              <span className="visually-hidden">{t('ui.trialCode.refusedTitle')}. </span>
              {t(`ui.trialCode.reasons.${refused.reason}`)}
            </p>
            {refused.reason === 'purchased' ? (
              <p>
                <a href={licenseCodeHref}>{t('ui.trialCode.licenseLink')}</a>
              </p>
            ) : null}
          </div>
        ) : null}
      </FailureRegion>
    </ApiForm>
  );
}
