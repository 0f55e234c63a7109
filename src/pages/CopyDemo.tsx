import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { Island } from '../components/Island';
import { INSTALLER_PATH } from './machinery/links';
import { DemoChecks, InternalPurpose } from './InternalSections';
import type { PageComponent } from './machinery/types';

/** A made-up code in the licence format: the demo must never show a real one. */
export const SAMPLE_LICENSE_CODE = 'MTDR-7K4Q-9XW2-PL3M';

/** /components/Copy: the copy button (client/components/CopyButton.tsx) where the site uses it. */
export const CopyDemoPage: PageComponent = ({ data }) => {
  const t = useT();
  const { downloadUrl } = data as { downloadUrl: string };
  const p = 'pages.demo-copy.examples';
  return (
    <div className="container page demo-page" data-page="demo-copy">
      <PageHeader id="demo-copy" />
      <section className="demo-section" aria-labelledby="demo-copy-license">
        <h2 id="demo-copy-license">{t(`${p}.licenseHeading`)}</h2>
        <p>{t(`${p}.licenseText`)}</p>
        <div className="code-box">
          <code className="code-value" data-sample-code>
            {SAMPLE_LICENSE_CODE}
          </code>
          <Island of="CopyButton" props={{ value: SAMPLE_LICENSE_CODE, label: t(`${p}.licenseLabel`), className: 'button button-ghost code-copy' }} />
        </div>
      </section>
      <section className="demo-section" aria-labelledby="demo-copy-link">
        <h2 id="demo-copy-link">{t(`${p}.linkHeading`)}</h2>
        <p>{t(`${p}.linkText`)}</p>
        <p className="demo-link">
          <code data-sample-link>{downloadUrl}</code>
        </p>
        <Island of="CopyButton" props={{ value: downloadUrl, label: t(`${p}.linkLabel`), className: 'button button-primary' }} />
      </section>
      <DemoChecks id="demo-copy" />
      <InternalPurpose id="demo-copy" />
    </div>
  );
};

// The absolute address a phone copies: the configured site origin, as the popup builds it from the page.
// Reads only SITE_URL, which the page cache key already holds.
CopyDemoPage.load = async ({ c }) => ({ data: { downloadUrl: new URL(INSTALLER_PATH, c.env.SITE_URL).href }, cacheKey: '' });
