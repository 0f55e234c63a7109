import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../src/i18n/translator';
import { useStore } from '../lib/store';
import CopyButton from '../components/CopyButton';
import type { HostKey } from '../../src/domain/api-handlers';
import type { UpstreamHealth } from '../../src/domain/upstream-health';

export interface DiagnosticsProps {
  /** What the server decided, as plain lines, for the report support asks for. */
  serverReport: string;
  /** The upstream host this visit uses (?host=), null for the release host. */
  host: HostKey | null;
}

/** GET /health/upstream's answer, or why there is none. */
type UpstreamCheck =
  | { kind: 'checking' }
  | { kind: 'done'; health: UpstreamHealth & { timeoutMs: number }; at: string }
  | { kind: 'error'; message: string; at: string };

const utcTime = () => new Date().toISOString().slice(11, 19);

/** The licence and payment server's health through the edge (GET /health/upstream), never from the browser directly. */
async function checkUpstream(host: HostKey | null, fallbackMessage: string): Promise<UpstreamCheck> {
  try {
    const res = await fetch(`/health/upstream${host ? `?host=${host}` : ''}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const body = (await res.json()) as (UpstreamHealth & { timeoutMs: number }) | { error?: { message?: string } };
    if (res.ok && 'state' in body) return { kind: 'done', health: body, at: utcTime() };
    return { kind: 'error', message: ('error' in body && body.error?.message) || `HTTP ${res.status}`, at: utcTime() };
  } catch {
    return { kind: 'error', message: fallbackMessage, at: utcTime() };
  }
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
 * /test: the licence and payment server's health (checked through the edge on load and on "Check
 * again"), what this browser reports (theme choice and what is shown, online state, window size,
 * languages), live, and a copyable report with the server's part. Renders "Checking…" on the
 * server and until hydrated: none of these facts exist there, and the page's HTML stays the same
 * for every visit with the same edge facts (it is cached).
 */
export default function Diagnostics({ serverReport, host }: DiagnosticsProps) {
  const t = useT();
  const choice = useStore((s) => s.darkMode);
  const [facts, setFacts] = useState<BrowserFacts | null>(null);
  const [upstream, setUpstream] = useState<UpstreamCheck>({ kind: 'checking' });
  const unreachable = t('diagnostics.upstream.health.unreachable');

  const recheck = useCallback(() => {
    setUpstream({ kind: 'checking' });
    void checkUpstream(host, unreachable).then(setUpstream);
  }, [host, unreachable]);

  useEffect(recheck, [recheck]);

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
  const u = 'diagnostics.upstream';
  const upstreamText =
    upstream.kind === 'checking'
      ? checking
      : upstream.kind === 'error'
        ? `${t(`${u}.health.error`, { message: upstream.message })} (${t(`${u}.checkedAt`, { time: upstream.at })})`
        : `${t(`${u}.health.${upstream.health.state}`, { answer: upstream.health.answer ?? '', status: upstream.health.status ?? '', ms: upstream.health.timeoutMs })} (${t(`${u}.checkedAt`, { time: upstream.at })})`;
  const upstreamState = upstream.kind === 'done' ? upstream.health.state : upstream.kind;
  const report = [serverReport, `${t(`${u}.heading`)}: ${upstreamText}`, ...rows.map(([, label, value]) => `${label}: ${value}`)].join('\n');

  return (
    <>
    <section className="demo-section" aria-labelledby="diagnostics-upstream">
      <h2 id="diagnostics-upstream">{t(`${u}.heading`)}</h2>
      <dl className="diagnostics" data-diagnostics="upstream" aria-busy={upstream.kind === 'checking'}>
        <div>
          <dt>{t(`${u}.state`)}</dt>
          {/* A <dd> takes no role: the live region is inside it. */}
          <dd data-fact="upstream" data-state={upstreamState}>
            <span role="status">{upstreamText}</span>
          </dd>
        </div>
      </dl>
      <button type="button" className="button button-ghost" onClick={() => upstream.kind !== 'checking' && recheck()} aria-disabled={upstream.kind === 'checking' || undefined}>
        {t(`${u}.checkAgain`)}
      </button>
    </section>
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
    </>
  );
}
