import { useEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../../src/i18n/translator';
import { store, useStore, type DarkMode } from '../lib/store';
import { setThemeChoice, startTheme } from '../lib/theme';
import { markLanguageSwitch } from '../lib/animations';
import { switchClientLocale } from '../lib/locale-loader';
import { isLocale } from '../../src/domain/locales';
import DownloadButton from './DownloadButton';
import ProgressBar from '../components/ProgressBar';
import NetworkStatus from '../components/NetworkStatus';

export interface NavLanguage {
  code: string;
  name: string;
  href: string;
  current: boolean;
  /** The page's own query is only in the address bar (e.g. the result page's order): take it along on click. */
  carryQuery?: boolean;
}

export interface NavProduct {
  slug: string;
  name: string;
  href: string;
}

export interface NavBarProps {
  homeHref: string;
  /** MT Recover, MT KT, MT Convert: names and hrefs resolved on the server (locale and /mobile/ kept). */
  products: NavProduct[];
  contactHref: string;
  buyHref: string;
  downloadHref: string;
  agreementHref: string;
  privacyHref: string;
  languages: NavLanguage[];
}

export const SCROLL_BLUR_PX = 100;
export const DESKTOP_MIN_PX = 1024;
export const RESIZE_DEBOUNCE_MS = 200;

const THEMES: DarkMode[] = ['light', 'dark', 'system'];

function Logo() {
  return (
    <svg className="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 21.5V10.5h2.6l4.4 6.2 4.4-6.2H23v11h-2.6v-6.9l-4.4 6.1-4.4-6.1v6.9z" fill="#fff" />
    </svg>
  );
}

function ThemeIcon({ theme }: { theme: DarkMode }) {
  const paths: Record<DarkMode, string> = {
    light: 'M12 7a5 5 0 100 10 5 5 0 000-10zm0-5v3m0 14v3M4.2 4.2l2.1 2.1m11.4 11.4l2.1 2.1M2 12h3m14 0h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
    dark: 'M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z',
    system: 'M3 4h18v12H3zM8 20h8M12 16v4',
  };
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[theme]} />
    </svg>
  );
}

function ThemeSwitcher() {
  const t = useT();
  const darkMode = useStore((s) => s.darkMode);
  // The server cannot know the stored choice: render nothing pressed until hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTheme();
    setHydrated(true);
  }, []);
  return (
    <div className="theme-switcher" role="group" aria-label={t('ui.theme.label')}>
      {THEMES.map((theme) => (
        <button
          key={theme}
          type="button"
          className="icon-button"
          data-theme-option={theme}
          aria-pressed={hydrated && darkMode === theme}
          title={t(`ui.theme.${theme}`)}
          onClick={() => setThemeChoice(theme)}
        >
          <ThemeIcon theme={theme} />
          <span className="visually-hidden">{t(`ui.theme.${theme}`)}</span>
        </button>
      ))}
    </div>
  );
}

/** Closes a disclosure on Escape or a click outside it. */
function useDismiss(open: boolean, setOpen: (open: boolean) => void, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open, setOpen, ref]);
}

function LanguageSwitcher({ languages, onChoose, idSuffix }: { languages: NavLanguage[]; onChoose: () => void; idSuffix: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const current = languages.find((l) => l.current);
  const listId = `language-list-${idSuffix}`;
  useDismiss(open, setOpen, ref);
  return (
    <div className="language-switcher" ref={ref}>
      <button type="button" className="nav-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{t('ui.nav.language')}: </span>
        {current?.name}
      </button>
      <ul id={listId} className="language-list" hidden={!open}>
        {languages.map((language) => (
          <li key={language.code}>
            <a
              href={language.href}
              hrefLang={language.code}
              lang={language.code}
              aria-current={language.current ? 'page' : undefined}
              data-locale-link={language.code}
              onClick={(event) => {
                if (language.carryQuery) event.currentTarget.href = `${language.href.split('?')[0]}${window.location.search}`;
                markLanguageSwitch();
                // Labels switch at once while the browser fetches the new page.
                if (isLocale(language.code)) void switchClientLocale(language.code);
                setOpen(false);
                onChoose();
              }}
            >
              {language.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Desktop: a "Products" disclosure listing the three product pages (a list of links, not an ARIA menu). */
function ProductsMenu({ products }: { products: NavProduct[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, setOpen, ref);
  return (
    <div className="nav-dropdown products-menu" ref={ref}>
      <button type="button" className="nav-link nav-dropdown-toggle" aria-expanded={open} aria-controls="products-list-desktop" onClick={() => setOpen(!open)}>
        {t('ui.nav.products')}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id="products-list-desktop" className="nav-dropdown-list" hidden={!open}>
        {products.map((product) => (
          <li key={product.slug}>
            <a href={product.href} data-product-link={product.slug} onClick={() => setOpen(false)}>
              {product.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The top bar: logo, main links, language and theme switchers, the burger menu under 1024 px, plus the progress bar and the offline notice. */
export default function NavBar(props: NavBarProps) {
  const t = useT();
  const menuOpen = useStore((s) => s.toggleMenu);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_BLUR_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (window.innerWidth >= DESKTOP_MIN_PX && store.get().toggleMenu) store.set({ toggleMenu: false });
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    // A page restored from the back/forward cache must not come back with the menu open.
    const onPageShow = () => store.set({ toggleMenu: false });
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('pageshow', onPageShow);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && store.set({ toggleMenu: false });
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => store.set({ toggleMenu: false });
  const links = (
    <>
      <a href={props.contactHref} className="nav-link" onClick={closeMenu}>
        {t('ui.nav.contact')}
      </a>
      <DownloadButton href={props.downloadHref} className="button button-primary nav-download" btnId="nav_download" />
      <a href={props.buyHref} className="button button-accent" onClick={closeMenu}>
        {t('ui.nav.buy')}
      </a>
    </>
  );

  return (
    <>
      <header className={`topbar${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled}>
        {/* Page-wide status widgets ride in this island: one chunk instead of three on every page.
            The bar (fixed to the top of the viewport) sits in the banner landmark, as all content must. */}
        <ProgressBar />
        <div className="topbar-inner">
          <a href={props.homeHref} className="brand" onClick={closeMenu}>
            <Logo />
            <span className="brand-name">{t('ui.brand')}</span>
          </a>
          <nav className="nav-desktop" aria-label={t('ui.nav.main')}>
            <ProductsMenu products={props.products} />
            {links}
            <LanguageSwitcher languages={props.languages} onChoose={closeMenu} idSuffix="desktop" />
            <ThemeSwitcher />
          </nav>
          <button
            type="button"
            className="burger icon-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => store.set({ toggleMenu: !menuOpen })}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t(menuOpen ? 'ui.nav.closeMenu' : 'ui.nav.openMenu')}</span>
          </button>
        </div>
        <nav id="mobile-menu" className="nav-mobile" aria-label={t('ui.nav.mobile')} hidden={!menuOpen}>
          <div className="nav-mobile-group" role="group" aria-labelledby="products-heading-mobile">
            <span id="products-heading-mobile" className="nav-mobile-heading">
              {t('ui.nav.products')}
            </span>
            {props.products.map((product) => (
              <a key={product.slug} href={product.href} className="nav-link" data-product-link={product.slug} onClick={closeMenu}>
                {product.name}
              </a>
            ))}
          </div>
          {links}
          <a href={props.agreementHref} className="nav-link" target="_blank" rel="noopener" onClick={closeMenu}>
            {t('ui.nav.agreement')}
          </a>
          <a href={props.privacyHref} className="nav-link" target="_blank" rel="noopener" onClick={closeMenu}>
            {t('ui.nav.privacy')}
          </a>
          <LanguageSwitcher languages={props.languages} onChoose={closeMenu} idSuffix="mobile" />
          <ThemeSwitcher />
        </nav>
      </header>
      <NetworkStatus />
    </>
  );
}
