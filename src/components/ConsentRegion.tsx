import { useRequestContext } from '@hono/react-renderer';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { Island } from './Island';
import ConsentBanner from '../../client/islands/ConsentBanner';
import { consentStrings } from '../i18n/consent';

/**
 * The consent banner, server-rendered open for a visitor the consent middleware asks
 * (`c.get('consent') === 'banner'`); nothing at all for everyone else, so they download none of it.
 */
export function ConsentRegion({ privacyHref }: { privacyHref: string }) {
  const c = useRequestContext() as Context<AppEnv>;
  if (c.get('consent') !== 'banner') return null;
  return <Island name="ConsentBanner" component={ConsentBanner} props={{ strings: consentStrings(c.get('i18n')), privacyHref }} />;
}
