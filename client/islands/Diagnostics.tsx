import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { useStore } from '../lib/store';
import CopyButton from '../components/CopyButton';

export interface DiagnosticsProps {
  /** What the server decided, as plain lines, for the report support asks for. */
  serverReport: string;
}

interface BrowserFacts {
  applied: 'light' | 'dark';
  online: boolean;
  width: number;
  height: number;
  languages: string;
}

function readFacts(): BrowserFacts {
  return {
    applied: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
    online: navigator.onLine,
    width: window.innerWidth,
    height: window.innerHeight,
    languages: (navigator.languages ?? [navigator.language]).join(', '),
  };
}

/**
 * /test: what this browser reports (theme choice and what is shown, online state, window size,
 * languages), live, plus a copyable report with the server's part. Renders "Checking…" on the
 * server and until hydrated: none of these facts exist there.
 */
export default function Diagnostics({ serverReport }: DiagnosticsProps) {
  const t = useT();
  const choice = useStore((s) => s.darkMode);
  const [facts, setFacts] = useState<BrowserFacts | null>(null);

  useEffect(() => {
    const update = () => setFacts(readFacts());
    update();
    // The theme switcher changes html[data-theme]; the system theme can change it too.
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const checking = t('diagnostics.checking');
  const theme = facts ? t('diagnostics.shownAs', { choice: t(`diagnostics.themes.${choice}`), applied: t(`diagnostics.applied.${facts.applied}`) }) : checking;
  const network = facts ? t(facts.online ? 'diagnostics.online' : 'diagnostics.offline') : checking;
  const viewport = facts ? t('diagnostics.viewportValue', { width: facts.width, height: facts.height }) : checking;
  const rows: [string, string, string][] = [
    ['theme', t('diagnostics.theme'), theme],
    ['network', t('diagnostics.network'), network],
    ['viewport', t('diagnostics.viewport'), viewport],
    ['languages', t('diagnostics.language'), facts ? facts.languages : checking],
  ];
  const report = [serverReport, ...rows.map(([, label, value]) => `${label}: ${value}`)].join('\n');

  return (
    <section className="demo-section" aria-labelledby="diagnostics-browser">
      <h2 id="diagnostics-browser">{t('diagnostics.heading')}</h2>
      <dl className="diagnostics" data-diagnostics="browser" aria-busy={facts === null}>
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-fact={key} data-value={key === 'network' && facts ? (facts.online ? 'online' : 'offline') : key === 'theme' && facts ? `${choice}:${facts.applied}` : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('diagnostics.report')}</h3>
      <pre className="diagnostics-report" data-report>
        {report}
      </pre>
      <CopyButton value={report} label={t('diagnostics.copy')} />
    </section>
  );
}
