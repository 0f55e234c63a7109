// The popup's styles: imported here so Island links them from the server with the page.
import '../styles/download.css';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../src/i18n/translator';
import type { DownloadState } from '../components/DownloadPopup';

/**
 * Every Download button (docs/PRODUCT.md, States and transitions). Without JS it is a plain link to the installer.
 * With JS a click runs the download flow (client/components/DownloadPopup: report, short code for bd_vid, blob,
 * generated name, popup, download-done flag 2 s later); on a phone it explains that the app is
 * for Windows and offers to copy the link. The flow's code loads on the first hover, focus or
 * click, so this button costs the home page a few hundred bytes.
 *
 * An island of its own on pages, and a plain component inside NavBar (already an island).
 */
export interface DownloadButtonProps {
  /** The installer link (src/pages/machinery/links.ts), followed as is when JS is off. */
  href: string;
  /** Server-translated label; the top bar's 'Download' when absent. */
  label?: string;
  className?: string;
  /** Show the download icon before the label. */
  icon?: boolean;
  /** The server knows this visitor is on a phone (device.mobile or a /mobile/ page). */
  mobile?: boolean;
  /** Which button this is, in the report (btn_id). */
  btnId?: string;
}

type FlowModule = typeof import('../components/DownloadPopup');
let flow: Promise<FlowModule> | null = null;
// When a chunk fails, the client entry may cancel Vite's preload error (it reloads the page
// instead, at most once a minute): the import then resolves to nothing, which is a failure too.
const importFlow = (): Promise<FlowModule | undefined> => import('../components/DownloadPopup');
const loadFlow = () =>
  (flow ??= importFlow().then((loaded) => {
    if (!loaded) throw new Error('the download flow did not load');
    return loaded;
  }));
/** Warms the flow up on hover or focus; a failure is retried by the click. */
const prefetchFlow = () => {
  loadFlow().catch(() => {
    flow = null;
  });
};

/**
 * Whether this visit has campaign keys to carry: in the address, or kept for the session by
 * client/lib/campaign.ts (CAMPAIGN_SESSION_KEY). Only then is the link-carrying code loaded, so
 * a visitor without a campaign never downloads it.
 */
export function hasCampaign(search: string, session: Pick<Storage, 'getItem'> | null): boolean {
  if (/[?&](?:uuid|from|isSem|group_tid|bd_vid)=/.test(search)) return true;
  try {
    return Boolean(session?.getItem('campaign'));
  } catch {
    return false;
  }
}

function DownloadIcon() {
  return (
    <svg className="download-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </svg>
  );
}

export default function DownloadButton({ href, label, className = 'button button-primary', icon = false, mobile = false, btnId = 'download' }: DownloadButtonProps) {
  const t = useT();
  const [state, setState] = useState<DownloadState | null>(null);
  const [flowModule, setFlowModule] = useState<FlowModule | null>(null);
  const buttonRef = useRef<HTMLAnchorElement>(null);

  // Once per page: internal links carry the visit's campaign keys.
  useEffect(() => {
    let session: Storage | null = null;
    try {
      session = sessionStorage;
    } catch {
      /* blocked storage: the address alone decides */
    }
    if (hasCampaign(location.search, session)) import('../lib/campaign').then((m) => m.carryCampaignOnLinks(), () => undefined);
  }, []);

  // A popup the visitor closed stays closed for that download, unless the download fails.
  const dismissed = useRef(false);
  const close = () => {
    dismissed.current = true;
    setState(null);
    buttonRef.current?.focus();
  };
  const show = (next: DownloadState) => {
    if (!dismissed.current || next.phase === 'failed') setState(next);
  };

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, save link as) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    let loaded: FlowModule;
    try {
      loaded = await loadFlow();
    } catch {
      // The flow's code did not load (offline, a new deploy): the plain link still downloads.
      flow = null;
      location.assign(href);
      return;
    }
    setFlowModule(() => loaded);
    dismissed.current = false;
    void loaded.startDownload({ href, btnId, phone: mobile || loaded.isPhone() }, show);
  };

  const Popup = flowModule?.DownloadPopup;
  return (
    <>
      <a ref={buttonRef} href={href} className={className} data-download-link onClick={onClick} onPointerEnter={prefetchFlow} onFocus={prefetchFlow}>
        {icon ? <DownloadIcon /> : null}
        {label ?? t('ui.nav.download')}
      </a>
      {state && Popup ? createPortal(<Popup {...state} onClose={close} />, document.body) : null}
    </>
  );
}
