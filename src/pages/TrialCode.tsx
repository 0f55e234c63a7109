import { useT } from '../i18n/translator';
import { Island } from '../components/Island';
import { siteLinks } from './machinery/links';
import { FormPage, formAction } from './LicenseCode';
import type { PageComponent } from './machinery/types';

/** The running "Free trial" activity of the upstream (docs/UPSTREAM.md, activity 1). */
export const DEFAULT_TRIAL_ACTIVITY_ID = 1;

/** A campaign link may name another activity: `?activity_id=<positive integer>`. */
export function trialActivityId(query: URLSearchParams): number {
  const value = query.get('activity_id');
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : DEFAULT_TRIAL_ACTIVITY_ID;
}

/** The installer's link may carry the application's device id: `?device_id=`; anything odd is dropped. */
export function trialDeviceId(query: URLSearchParams): string | null {
  const value = query.get('device_id');
  return value !== null && /^[A-Za-z0-9._-]{1,128}$/.test(value) ? value : null;
}

/** /trial-code (and /mobile/trial-code): claim a trial code by email (through /activity/receive). */
export const TrialCodePage: PageComponent = ({ locale, mobile, query }) => {
  const t = useT();
  const links = siteLinks(locale, mobile);
  return (
    <FormPage
      id="trial-code"
      aside={
        <ul className="form-links">
          <li>
            <a href={links.licenseCode}>{t('pages.trial-code.links.licenseCode')}</a>
          </li>
          <li>
            <a href={links.buy}>{t('pages.trial-code.links.buy')}</a>
          </li>
        </ul>
      }
    >
      <Island
        of="TrialCodeForm"
        props={{
          action: formAction(locale, '/trial-code', mobile),
          activityId: trialActivityId(query),
          deviceId: trialDeviceId(query),
          licenseCodeHref: links.licenseCode,
        }}
      />
    </FormPage>
  );
};
