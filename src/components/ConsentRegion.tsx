import { useI18n } from '../i18n/translator';
import { usePageContext } from '../pages/machinery/page-context';
import { Island } from './Island';
import { consentStrings } from '../i18n/consent';

/**
 * The consent banner, server-rendered open for a visitor the consent middleware asks
 * (`c.get('consent') === 'banner'`, passed through the page context, and so part of the page
 * cache key); nothing at all for everyone else, so they download none of it.
 */
export function ConsentRegion({ privacyHref }: { privacyHref: string }) {
  const { consent } = usePageContext();
  const i18n = useI18n();
  if (consent !== 'banner') return null;
  return <Island of="ConsentBanner" props={{ strings: consentStrings(i18n), privacyHref }} />;
}
