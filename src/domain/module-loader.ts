// How a page loads its scripts: after its first paint, never before it.
//
// The HTML is the page (every page is rendered whole on the server; the scripts only hydrate its
// islands), so the browser's first job is to paint it. A `<script type="module">` and its
// `modulepreload` links in <head> make it download and run about 240 KB of JavaScript while the
// page's HTML and stylesheets are still arriving, on the same connection and the same main thread;
// on a slow phone that pushed the first paint back by about a third (Lighthouse mobile, First
// Contentful Paint 1.8–2.1 s with them in <head>, 0.9–1.1 s without).
//
// So the page lists its modules in `<script id="__modules" type="application/json">` at the end
// of <body> ({ entry, preload }: the entry, its static imports and the chunks of the islands the
// page renders), and this inline script adds the modulepreload links and the entry script once
// the first frame is painted (requestAnimationFrame, then a task, which runs after that paint) and
// the document is parsed (a module script added by a script runs as soon as it arrives, and the
// entry reads the islands and the message payload that follow this script).
// A page nobody sees paints no frame: a prerender loads them at once, so it is hydrated before it
// is opened, and so does a page opened in a background tab. The created elements carry the
// loader's own nonce (the CSP's 'strict-dynamic' admits them anyway).

/** The id of the JSON list of the page's modules. */
export const MODULES_ELEMENT_ID = '__modules';

/** What the list holds. */
export interface PageModules {
  /** The entry module (client/entry.tsx built). */
  entry: string;
  /** Every other module the page needs at once: the entry's static imports and the islands' chunks. */
  preload: string[];
}

export const MODULE_LOADER_SCRIPT = `(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,m=JSON.parse(d.getElementById('${MODULES_ELEMENT_ID}').textContent);function add(e){if(n)e.nonce=n;d.head.appendChild(e)}function go(){if(d.readyState==='loading')return d.addEventListener('DOMContentLoaded',go,{once:true});m.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;add(l)});var s=d.createElement('script');s.type='module';s.src=m.entry;add(s)}if(d.prerendering||d.visibilityState!=='visible')go();else requestAnimationFrame(function(){setTimeout(go,0)})})();`;
