import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { Island } from '../components/Island';
import { parseHostKey, type HostKey } from '../domain/api-handlers';
import { entryAssets } from './machinery/assets';
import { InternalPurpose } from './InternalSections';
import type { GeoSource } from '../middleware/geo';
import type { PageComponent } from './machinery/types';
import pkg from '../../package.json';

interface TestData {
  country: string | null;
  geoSource: GeoSource;
  currency: string;
  device: 'desktop' | 'phone' | 'bot';
  environment: string;
  version: string;
  bundle: string;
  host: HostKey | 'release';
}

/**
 * /test: diagnostics for support and operations. What the edge decided (locale, country and its
 * source, currency, device class) and the build, in the HTML; the upstream's health (GET
 * /health/upstream, checked through the edge with a short deadline) and the browser's part
 * (theme, online state) are the Diagnostics island's. Nothing secret: no keys, no upstream
 * address, no request headers.
 */
export const TestPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const d = data as TestData;
  const s = 'pages.test.server';
  const rows: [string, string, string][] = [
    ['locale', t(`${s}.locale`), locale],
    ['country', t(`${s}.country`), d.country ?? t(`${s}.countryUnknown`)],
    ['country-source', t(`${s}.countrySource`), t(`${s}.sources.${d.geoSource}`)],
    ['currency', t(`${s}.currency`), d.currency],
    ['device', t(`${s}.device`), t(`${s}.devices.${d.device}`)],
    ['environment', t(`${s}.environment`), d.environment],
    ['build', t(`${s}.build`), t(`${s}.buildValue`, { version: d.version, bundle: d.bundle })],
    ['upstream-host', t(`${s}.upstreamHost`), t(`${s}.hosts.${d.host}`)],
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
              <dd data-fact={key}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="notice notice-inline">{t('pages.test.noSecrets')}</p>
      </section>
      {/* The island's rows say "Checking…" until it runs: without JavaScript, say so first and link the check itself. */}
      <noscript>
        <p className="notice notice-inline">{t('pages.test.noscript')}</p>
        <p>
          <a href={d.host === 'release' ? '/health/upstream' : `/health/upstream?host=${d.host}`}>{t('pages.test.noscriptCheck')}</a>
        </p>
      </noscript>
      <Island of="Diagnostics" props={{ serverReport, host: d.host === 'release' ? null : d.host }} />
      <InternalPurpose id="test" />
    </div>
  );
};

TestPage.load = async ({ c, query }) => {
  const hostKey = parseHostKey(query.get('host'));
  const device = c.get('device');
  // Per visit: never cached by browsers or shared caches. The Worker keeps one rendering per set
  // of edge facts (the cache key below); any query (?host=, ?debug_country=) renders fresh.
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
  };
  return { data, cacheKey: `visit=${data.country ?? '-'}/${data.geoSource}/${data.currency}/${data.device}/${data.host}` };
};
