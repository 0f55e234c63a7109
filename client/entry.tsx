import './styles.css';
import './styles/pages.css';
import { hydrateIslands } from './lib/islands';
import { pauseAnimationsAfterLanguageSwitch } from './lib/animations';
import { startGlare } from './lib/glare';

pauseAnimationsAfterLanguageSwitch();

// Outside production the server embeds SPEC §2's sitemap list; print it once the layout is up.
const sitemap = document.getElementById('__sitemap');
if (sitemap?.textContent) console.info('sitemap', JSON.parse(sitemap.textContent));

void hydrateIslands();

if (document.querySelector('[data-glare]')) startGlare();

// Analytics tags only where the Worker configured them (production): their loader is not even
// downloaded otherwise. It waits for the load event and honours opt-out and GPC itself.
if (document.querySelector('meta[name="analytics-tags"]')) void import('./lib/analytics').then((m) => m.startAnalytics());
