import { useT } from '../i18n/translator';

/**
 * "Cookie settings" in the footer of every page. With JavaScript it reopens the consent choices
 * (client/entry.tsx listens for `data-consent-open`); without, it leads to the privacy policy's
 * section on consent.
 */
export function CookieSettingsLink({ privacyHref }: { privacyHref: string }) {
  const t = useT();
  return (
    <a href={`${privacyHref}#consent`} className="cookie-settings-link" data-consent-open="">
      {t('consent.footerLink')}
    </a>
  );
}
