// Runs inline in <head> before first paint (CSP-nonce'd), so the page never flashes the wrong
// theme. It mirrors client/lib/theme.ts: 'theme' in localStorage is light, dark or system.
export const THEME_STORAGE_KEY = 'theme';

export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.dataset.theme=d?'dark':'light';e.dataset.themeChoice=t==='dark'||t==='light'?t:'system'}catch(_){}})();`;
