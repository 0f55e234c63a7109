import './styles.css';
import './styles/pages.css';
import './styles/consent.css';
import { hydrateIslands } from './lib/islands';
import { pauseAnimationsAfterLanguageSwitch } from './lib/animations';
import { startGlare } from './lib/glare';
import { whenActivated } from './lib/activation';

pauseAnimationsAfterLanguageSwitch();

// Outside production the server embeds the short sitemap list; print it once the layout is up.
const sitemap = document.getElementById('__sitemap');
if (sitemap?.textContent) console.info('sitemap', JSON.parse(sitemap.textContent));

// Web Vitals (client/lib/vitals.ts) load once the islands are hydrated and the browser is idle,
// and only once the page is shown: never before the page is interactive, never for a prerender
// nobody opens.
const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1));
void hydrateIslands().then(() => whenActivated(() => idle(() => void import('./lib/vitals').then((m) => m.startVitals()).catch(() => undefined))));

if (document.querySelector('[data-glare]')) startGlare();

// Analytics tags only where the Worker configured them (production): their loader is not even
// downloaded otherwise. It waits for the load event and honours opt-out and GPC itself; a
// prerendered page starts it only once the visitor opens it.
if (document.querySelector('meta[name="analytics-tags"]')) whenActivated(() => void import('./lib/analytics').then((m) => m.startAnalytics()));

// "Cookie settings" (footer, every page): reopens the consent choices; the code loads on the click.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-consent-open]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void import('./lib/consent-open').then((m) => m.openConsentSettings(link));
});
