// Runs inline in <head> before first paint (CSP-nonce'd), so the page never flashes the wrong
// theme. It mirrors client/lib/theme.ts: 'theme' in localStorage is light, dark or system.
export const THEME_STORAGE_KEY = 'theme';

export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.dataset.theme=d?'dark':'light';e.dataset.themeChoice=t==='dark'||t==='light'?t:'system'}catch(_){}})();`;

// A cross-document view transition that the browser skips (the viewport changed during the
// navigation, the next page does not take part, or it is reloaded before its first paint) rejects
// its promises. Nothing awaits them, so the browser would report each one as an uncaught error:
// both pages mark them handled as soon as the transition exists (pageswap on the old page,
// pagereveal on the new one), and a rejection that comes before pagereveal can be handled (a
// reload during the transition) is recognised as one and not reported. Any other rejection is.
export const VIEW_TRANSITION_BOOT_SCRIPT = `(function(){function q(e){var v=e.viewTransition;if(v)[v.ready,v.finished,v.updateCallbackDone].forEach(function(p){if(p)p.catch(function(){})})}addEventListener('pageswap',q);addEventListener('pagereveal',q);addEventListener('unhandledrejection',function(e){var r=e.reason;if(r instanceof DOMException&&/^(AbortError|InvalidStateError)$/.test(r.name)&&/transition/i.test(r.message))e.preventDefault()})})();`;

/** The localStorage key through which a finished prerender tells the page that started it (below). */
export const PRERENDERED_KEY = 'prerendered';

// A page the browser prerendered to the end (its islands hydrated) is shown at once when the
// visitor opens it, without the cross-fade: the fade exists to cover a page that is still
// arriving, and over one that is already there it only holds back its first paint (in Chromium
// here, a prerendered page's LCP came 120 ms after activation with the fade, 59 ms without).
// - The prerender, once hydrated, writes its URL and its referrer (the page that prerendered it)
//   to localStorage and removes them at once: the other pages of the origin get a storage event,
//   and nothing stays behind. (A prerender's BroadcastChannel messages wait for its activation.)
// - Every page keeps the URLs announced with its own URL as the referrer (not another tab's).
// - When a navigation to one of them starts (the Navigation API's navigate event: Chromium, the
//   browser that prerenders), the page withdraws its view-transition opt-in with a constructed
//   stylesheet, which the CSP allows as CSSOM; it takes it back if the visitor returns to the
//   page from the back/forward cache.
// A prerender that Chromium dropped after announcing itself costs that one navigation its fade.
export const PRERENDER_REVEAL_BOOT_SCRIPT = `(function(){if(!window.navigation)return;var K='${PRERENDERED_KEY}',ready={},off=null,d=document;if(d.prerendering)d.addEventListener('DOMContentLoaded',function(){var b=d.body,tell=function(){try{localStorage.setItem(K,JSON.stringify([location.href.split('#')[0],d.referrer,Date.now()]));localStorage.removeItem(K)}catch(_){}};if(b.dataset.hydrated)tell();else new MutationObserver(function(m,o){if(b.dataset.hydrated){o.disconnect();tell()}}).observe(b,{attributes:true,attributeFilter:['data-hydrated']})});addEventListener('storage',function(e){if(e.key!==K||!e.newValue)return;try{var m=JSON.parse(e.newValue);if(m[1]===location.href)ready[m[0]]=1}catch(_){}});navigation.addEventListener('navigate',function(e){if(off||e.hashChange||!ready[e.destination.url.split('#')[0]])return;off=new CSSStyleSheet();off.replaceSync('@view-transition{navigation:none}');d.adoptedStyleSheets=d.adoptedStyleSheets.concat(off)});addEventListener('pageshow',function(e){if(off&&e.persisted){var o=off;d.adoptedStyleSheets=d.adoptedStyleSheets.filter(function(s){return s!==o});off=null}})})();`;
