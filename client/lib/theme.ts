import { THEME_STORAGE_KEY } from '../../src/domain/theme-boot';
import { store, type DarkMode } from './store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeChoice(): DarkMode {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: DarkMode, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

function apply(choice: DarkMode) {
  const root = document.documentElement;
  root.dataset.theme = resolveTheme(choice, matchMedia(DARK_QUERY).matches);
  root.dataset.themeChoice = choice;
}

export function setThemeChoice(choice: DarkMode) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  store.set({ darkMode: choice });
  apply(choice);
}

let started = false;
/** Loads the stored choice into the store and follows the OS live while the choice is 'system'. */
export function startTheme() {
  if (started) return;
  started = true;
  store.set({ darkMode: readThemeChoice() });
  matchMedia(DARK_QUERY).addEventListener('change', () => apply(store.get().darkMode));
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) {
      store.set({ darkMode: readThemeChoice() });
      apply(readThemeChoice());
    }
  });
}
