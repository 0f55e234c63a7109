import type { ReactNode } from 'react';
import { entryAssets } from '../pages/machinery/assets';
import { useI18n } from '../i18n/translator';
import { clientMessagesPayload } from '../services/messages';
import { PRERENDER_REVEAL_BOOT_SCRIPT, THEME_BOOT_SCRIPT, VIEW_TRANSITION_BOOT_SCRIPT } from '../domain/theme-boot';
import { speculationRulesJson } from '../domain/speculation';
import { MODULE_LOADER_SCRIPT, MODULES_ELEMENT_ID, type PageModules } from '../domain/module-loader';
import { usePageContext } from '../pages/machinery/page-context';

/** The inline script that runs in <head> before first paint: the theme, quiet view transitions, none into a finished prerender. */
const HEAD_BOOT_SCRIPT = THEME_BOOT_SCRIPT + VIEW_TRANSITION_BOOT_SCRIPT + PRERENDER_REVEAL_BOOT_SCRIPT;

export interface HeadInfo {
  title: string;
  description: string;
  canonical: string;
  /** hreflang → absolute URL, including x-default. */
  alternates: Record<string, string>;
  /** The /mobile/ variant of a desktop page, announced with rel=alternate media=… */
  mobileAlternate?: string;
  robots: 'index,follow' | 'noindex,follow' | 'noindex,nofollow';
  /** Outside production only: the short sitemap list (docs/PRODUCT.md, Routes), printed to the console by the client. */
  sitemapList?: string[];
  jsonLd?: object[];
  /** Message namespaces the page's islands read besides `ui` (the route's `clientNamespaces`). */
  clientNamespaces?: readonly string[];
}

const ogLocale = (locale: string) => locale.replace('-', '_');

/** The HTML document around every page: head (meta, hreflang, styles, scripts) and body. Rendered inside the page's I18nProvider. */
export function Document({ head, children }: { head: HeadInfo; children: ReactNode }) {
  const { nonce, analyticsTags, consent, modules } = usePageContext();
  const { locale } = useI18n();
  const i18nPayload = clientMessagesPayload(locale, head.clientNamespaces);
  return (
    <html lang={locale} dir="ltr" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HEAD_BOOT_SCRIPT }} />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <meta name="robots" content={head.robots} />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0f172a" media="(prefers-color-scheme: dark)" />
        <link rel="canonical" href={head.canonical} />
        {Object.entries(head.alternates).map(([lang, href]) => (
          <link key={lang} rel="alternate" hrefLang={lang} href={href} />
        ))}
        {head.mobileAlternate ? <link rel="alternate" media="only screen and (max-width: 640px)" href={head.mobileAlternate} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:locale" content={ogLocale(locale)} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {analyticsTags ? <meta name="analytics-tags" content={analyticsTags} /> : null}
        {consent !== 'none' ? <meta name="consent-mode" content={consent} /> : null}
        {entryAssets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Same-origin page links are prerendered on intent (src/domain/speculation.ts). */}
        <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: speculationRulesJson() }} />
        {(head.jsonLd ?? []).map((data, i) => (
          <script key={i} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
        ))}
      </head>
      <body>
        {children}
        {/* After the body: every island has added its chunks by the time React renders this. */}
        <PageModulesList nonce={nonce} modules={modules} />
        <script id="__i18n" type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: i18nPayload }} />
        {head.sitemapList ? (
          <script id="__sitemap" type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(head.sitemapList) }} />
        ) : null}
      </body>
    </html>
  );
}

/**
 * The page's modules and the loader that fetches them after the first paint (src/domain/module-loader.ts).
 * A component of its own so that it renders after the body's islands have listed their chunks.
 */
function PageModulesList({ nonce, modules }: { nonce: string; modules: Set<string> }) {
  const list: PageModules = { entry: entryAssets.script, preload: [...new Set([...entryAssets.preload, ...modules])] };
  return (
    <>
      <script id={MODULES_ELEMENT_ID} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(list) }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MODULE_LOADER_SCRIPT }} />
    </>
  );
}
