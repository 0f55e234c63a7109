import { useEffect, useRef, useState } from 'react';
// download.css is imported by the DownloadButton island, so the server links it with the page.
import { useT } from '../../src/i18n/translator';
import { store } from '../lib/store';
import CopyButton from './CopyButton';
import { track } from '../lib/tracking';
import { api, type ApiError } from '../lib/api';
import { installBeaconSender } from '../lib/beacon';
import { currentCampaign } from '../lib/campaign';
import { withValidCampaign, type Campaign } from '../../src/domain/campaign';
import { DEFAULT_INSTALLER_PRODUCT, DOWNLOAD_PREFIX, installerFileName, isInstallerSuffix, parseInstallerFileName, semSuffix, tidsFor, type InstallerProduct } from '../../src/domain/tracking';

/**
 * The download flow and its popup, loaded by DownloadButton on the first hover, focus or click, so
 * the home page carries none of it (nor the API client) until a visitor reaches for a download.
 * Not an island of its own: no page renders a marker for it.
 */

installBeaconSender();

/** The download-done flag is set 2 s after the download starts. */
export const DOWNLOAD_FLAG_DELAY_MS = 2000;

export type DownloadPhase = 'preparing' | 'saved' | 'failed' | 'phone';

export interface DownloadState {
  phase: DownloadPhase;
  fileName: string;
  /** The installer's absolute address (direct link and copy target). */
  link: string;
}

export interface DownloadRequest {
  /** The button's link, e.g. /download/mt-recover_setup_16_1.exe. */
  href: string;
  btnId: string;
  /** On a phone: explain and offer the link instead of downloading. */
  phone: boolean;
}

/**
 * The suffix of the installer name. With bd_vid: the short code, or — if that request
 * fails — `sem<isSem>` when isSem is present. The 'download' action is reported either way and
 * its errors are ignored (reading error.code marks a failure as handled: no page-wide handler runs).
 */
export async function installerSuffix(campaign: Campaign): Promise<string | undefined> {
  const longCode = campaign.bd_vid;
  if (!longCode) return undefined;
  api.reportAction({ long_code: longCode, action: 'download' }).catch((error: ApiError) => error.code);
  try {
    // The landing address, with only the campaign values the site's own links would carry.
    const data = await api.getShortCode({ source_url: withValidCampaign(location.href).slice(0, 2048), long_code: longCode });
    if (isInstallerSuffix(data.short_code)) return data.short_code;
  } catch (error) {
    void (error as ApiError).code;
  }
  return campaign.isSem ? semSuffix(campaign.isSem) : undefined;
}

/** Saves a blob under `fileName` through an object URL and a temporary <a download>. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has the file by then; the URL stays alive a while for a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function markDownloaded() {
  store.set({ isDownFlag: true });
  document.documentElement.dataset.downloaded = 'true';
}

function productOf(href: string): InstallerProduct {
  const name = href.startsWith(DOWNLOAD_PREFIX) ? href.slice(DOWNLOAD_PREFIX.length) : '';
  return parseInstallerFileName(name)?.product ?? DEFAULT_INSTALLER_PRODUCT;
}

const absolute = (path: string) => new URL(path, location.href).href;

/** A phone, as far as the browser can tell (the server's answer comes in the button's `mobile` prop). */
export function isPhone(): boolean {
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return uaData?.mobile === true || /\b(iPhone|iPod|Windows Phone)\b|Android.*\bMobile\b|\bMobi\b/i.test(navigator.userAgent);
}

let busy = false;

/**
 * The download flow (docs/PRODUCT.md, Download): report the click, get the short code when there is a bd_vid, fetch the
 * installer as a blob (only a 200 will do: no Range here), save it under the generated name and
 * set the download-done flag 2 s later. `update` receives each state for the popup.
 */
export async function startDownload({ href, btnId, phone }: DownloadRequest, update: (state: DownloadState) => void): Promise<void> {
  const campaign = currentCampaign();
  const product = productOf(href);
  const tids = tidsFor(campaign.group_tid);
  const plainName = installerFileName({ product, ...tids });
  if (phone) {
    track({ action: 'download', btn_id: btnId, step: 'phone' });
    update({ phase: 'phone', fileName: plainName, link: absolute(DOWNLOAD_PREFIX + plainName) });
    return;
  }
  if (busy) return;
  busy = true;
  track({ action: 'download', btn_id: btnId });
  let state: DownloadState = { phase: 'preparing', fileName: plainName, link: absolute(DOWNLOAD_PREFIX + plainName) };
  update(state);
  try {
    const name = installerFileName({ product, ...tids, suffix: await installerSuffix(campaign) });
    const path = DOWNLOAD_PREFIX + name;
    state = { phase: 'preparing', fileName: name, link: absolute(path) };
    update(state);
    const res = await fetch(path, { credentials: 'same-origin' });
    if (res.status !== 200) throw new Error(`installer answered ${res.status}`);
    saveBlob(await res.blob(), name);
    update({ ...state, phase: 'saved' });
    setTimeout(markDownloaded, DOWNLOAD_FLAG_DELAY_MS);
  } catch {
    update({ ...state, phase: 'failed' });
  } finally {
    busy = false;
  }
}

let popupCount = 0;

export interface DownloadPopupProps extends DownloadState {
  onClose: () => void;
}

/**
 * The fixed 380 × 360 popup: the setup file's name, an 'Open File' label and a close icon.
 * A non-modal dialog (the page stays usable, like a browser's download bubble): focus moves into
 * it when it opens, Escape or the close button closes it, and the button gets focus back.
 */
export function DownloadPopup({ phase, fileName, link, onClose }: DownloadPopupProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [ids] = useState(() => `download-popup-${++popupCount}`);

  useEffect(() => {
    ref.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const title = phase === 'phone' ? t('ui.download.phoneTitle') : phase === 'failed' ? t('ui.download.failedTitle') : t('ui.download.title');
  const status = phase === 'preparing' ? t('ui.download.preparing') : phase === 'saved' ? t('ui.download.saved') : '';

  return (
    <div ref={ref} className="download-popup" role="dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-desc`} tabIndex={-1} data-download-popup={phase}>
      <div className="download-popup-head">
        <h2 id={`${ids}-title`} className="download-popup-title">
          {title}
        </h2>
        <button type="button" className="icon-button download-popup-close" onClick={onClose} data-download-close>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('ui.download.close')}</span>
        </button>
      </div>

      {phase === 'phone' ? (
        <div className="download-popup-body">
          <p id={`${ids}-desc`}>{t('ui.download.phoneText')}</p>
          <CopyButton value={link} label={t('ui.download.copyLink')} className="button button-primary download-copy" copiedText={t('ui.download.copied')} failedText={t('ui.download.copyManually')} />
        </div>
      ) : (
        <div className="download-popup-body">
          <div className="download-file">
            <svg className="download-file-icon" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
              <path d="M9 3h15l8 8v26H9z" fill="currentColor" opacity="0.15" />
              <path d="M9 3h15l8 8v26H9zM24 3v8h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <path d="M14 20h12M14 25h12M14 30h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <div className="download-file-text">
              <p className="download-file-name" data-download-file-name>
                {fileName}
              </p>
              <p className="download-file-status" role="status">
                {status}
              </p>
            </div>
            <span className="download-open-label">{t('ui.download.openFile')}</span>
          </div>
          {phase === 'failed' ? (
            <>
              <p id={`${ids}-desc`} className="download-error" role="alert">
                {t('ui.download.failed')}
              </p>
              <a className="button button-primary" href={link} download={fileName} data-no-campaign>
                {t('ui.download.directLink')}
              </a>
            </>
          ) : (
            <p id={`${ids}-desc`} className="download-hint">
              {t('ui.download.hint')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
