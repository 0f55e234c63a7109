import { useT } from '../../client/lib/i18n';
import { PageHeader } from '../components/PageHeader';
import { Island } from '../components/Island';
import Diagnostics from '../../client/islands/Diagnostics';
import { parseHostKey, type HostKey } from '../../client/lib/api-handlers';
import { checkUpstreamHealth, type UpstreamHealth } from '../services/upstream';
import { entryAssets } from './assets';
import { InternalPurpose } from './InternalSections';
import type { GeoSource } from '../middleware/geo';
import type { PageComponent } from './types';
import pkg from '../../package.json';

/** The upstream gets this long: the page is for someone waiting on the phone with support. */
export const HEALTH_TIMEOUT_MS = 1500;

interface TestData {
  country: string | null;
  geoSource: GeoSource;
  currency: string;
  device: 'desktop' | 'phone' | 'bot';
  environment: string;
  version: string;
  bundle: string;
  host: HostKey | 'release';
  health: UpstreamHealth;
  checkedAt: string;
}

/**
 * /test: diagnostics for support and operations. What the edge decided (locale, country and its
 * source, currency, device class), the build, and the upstream's /health through a server-side
 * check with a short deadline; the browser's part (theme, online state) is the Diagnostics island.
 * Nothing secret: no keys, no upstream address, no request headers.
 */
export const TestPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const d = data as TestData;
  const s = 'pages.test.server';
  const health = t(`${s}.health.${d.health.state}`, { answer: d.health.answer ?? '', status: d.health.status ?? '', ms: HEALTH_TIMEOUT_MS });
  const rows: [string, string, string][] = [
    ['locale', t(`${s}.locale`), locale],
    ['country', t(`${s}.country`), d.country ?? t(`${s}.countryUnknown`)],
    ['country-source', t(`${s}.countrySource`), t(`${s}.sources.${d.geoSource}`)],
    ['currency', t(`${s}.currency`), d.currency],
    ['device', t(`${s}.device`), t(`${s}.devices.${d.device}`)],
    ['environment', t(`${s}.environment`), d.environment],
    ['build', t(`${s}.build`), t(`${s}.buildValue`, { version: d.version, bundle: d.bundle })],
    ['upstream-host', t(`${s}.upstreamHost`), t(`${s}.hosts.${d.host}`)],
    ['upstream', t(`${s}.upstream`), `${health} (${t(`${s}.checkedAt`, { time: d.checkedAt })})`],
  ];
  const serverReport = rows.map(([, label, value]) => `${label}: ${value}`).join('\n');
  return (
    <div className="container page demo-page" data-page="test">
      <PageHeader id="test" />
      <section className="demo-section" aria-labelledby="diagnostics-server">
        <h2 id="diagnostics-server">{t(`${s}.heading`)}</h2>
        <dl className="diagnostics" data-diagnostics="server">
          {rows.map(([key, label, value]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-fact={key} data-state={key === 'upstream' ? d.health.state : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="notice notice-inline">{t('pages.test.noSecrets')}</p>
      </section>
      <Island name="Diagnostics" component={Diagnostics} props={{ serverReport }} />
      <InternalPurpose id="test" />
    </div>
  );
};

TestPage.load = async ({ c, query }) => {
  const hostKey = parseHostKey(query.get('host'));
  const health = await checkUpstreamHealth(c.env, hostKey, HEALTH_TIMEOUT_MS);
  const device = c.get('device');
  // Per visit and per moment: never cached anywhere.
  c.header('Cache-Control', 'no-store');
  const data: TestData = {
    country: c.get('country'),
    geoSource: c.get('geo').source,
    currency: c.get('currency'),
    device: device.bot ? 'bot' : device.mobile ? 'phone' : 'desktop',
    environment: c.env.ENVIRONMENT,
    version: pkg.version,
    // The entry bundle's content hash names the deployed client build.
    bundle: /-([A-Za-z0-9_-]+)\.js$/.exec(entryAssets.script)?.[1] ?? entryAssets.script,
    host: hostKey ?? 'release',
    health,
    checkedAt: new Date().toISOString().slice(11, 19),
  };
  return { data };
};
