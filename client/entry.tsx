import './styles.css';
import './styles/pages.css';
import { hydrateIslands } from './lib/islands';
import { reloadOnceAfterChunkFailure } from './lib/chunk-reload';
import { pauseAnimationsAfterLanguageSwitch } from './lib/animations';

// A preloaded chunk that 404s (a deploy replaced it) reloads the page, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceAfterChunkFailure((event as Event & { payload?: unknown }).payload);
});

pauseAnimationsAfterLanguageSwitch();

// Outside production the server embeds SPEC §2's sitemap list; print it once the layout is up.
const sitemap = document.getElementById('__sitemap');
if (sitemap?.textContent) console.info('sitemap', JSON.parse(sitemap.textContent));

void hydrateIslands();
