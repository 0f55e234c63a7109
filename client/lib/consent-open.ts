// The footer's "Cookie settings" on a page rendered without the banner (a visitor who already
// chose, or one the Worker does not ask): fetches the banner's copy for the page's language and
// mounts the banner island open on its settings. Loaded only on that click.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { ConsentStrings } from '../../src/i18n/consent';
import { CONSENT_OPEN_EVENT } from './consent';

let mounted: Promise<void> | null = null;

async function mount(privacyHref: string): Promise<void> {
  const locale = document.documentElement.lang || 'en-US';
  const [res, mod] = await Promise.all([fetch(`/consent/messages/${encodeURIComponent(locale)}`), import('../islands/ConsentBanner')]);
  if (!res.ok) throw new Error(`consent messages: ${res.status}`);
  const strings = (await res.json()) as ConsentStrings;
  const host = document.createElement('div');
  host.className = 'island';
  host.dataset.consentHost = '';
  document.body.appendChild(host);
  createRoot(host).render(createElement(mod.default, { strings, privacyHref, open: true, settings: true, focusOnOpen: true }));
}

/** Opens the choices: the banner on the page if there is one, else a freshly mounted one. */
export function openConsentSettings(link: HTMLAnchorElement): void {
  if (document.querySelector('[data-island="ConsentBanner"], [data-consent-host]')) {
    dispatchEvent(new Event(CONSENT_OPEN_EVENT));
    return;
  }
  const privacyHref = link.href.replace(/#.*$/, '');
  mounted ??= mount(privacyHref).catch((error: unknown) => {
    // Without the copy there is nothing to show: follow the link to the policy's consent section.
    mounted = null;
    console.warn('cookie settings', error);
    location.href = link.href;
  });
}
