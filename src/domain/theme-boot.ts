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
