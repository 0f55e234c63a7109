import type { ReactNode } from 'react';
import { useT, type Messages } from '../i18n/translator';
import { DEFAULT_MESSAGES } from '../services/messages';
import { DEFAULT_LOCALE, type Locale } from '../domain/locales';
import { campaignFromQuery, carryCampaign } from '../domain/campaign';
import { Island } from '../components/Island';

/**
 * Building blocks shared by the content pages (home, products, about, articles, legal).
 * Server-only: no state, no effects, nothing hydrated.
 */

/**
 * The child keys of a message group, in en-US order. en-US is the source the translators work
 * from, so it decides which items a list has; each item is then translated (falling back to en-US
 * per key), so a translation that lags behind still renders every item.
 */
export function messageKeys(path: string): string[] {
  let node: Messages | string | undefined = DEFAULT_MESSAGES;
  for (const part of path.split('.')) {
    if (!node || typeof node === 'string') return [];
    node = node[part];
  }
  return node && typeof node === 'object' ? Object.keys(node) : [];
}

/** The translated strings of an array (or object) of strings in the messages. */
export function useMessageList(path: string): string[] {
  const t = useT();
  return messageKeys(path).map((key) => t(`${path}.${key}`));
}

/** Each string of a message array as a paragraph. */
export function Paragraphs({ path }: { path: string }) {
  const paragraphs = useMessageList(path);
  return (
    <>
      {paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </>
  );
}

/**
 * A link to another page of the site that keeps the visit's campaign keys (uuid, from,
 * isSem, group_tid, bd_vid), so a purchase stays attributed even before the browser script runs.
 * Only well-formed values are carried (src/domain/campaign.ts).
 */
export function withCampaign(href: string, query: URLSearchParams): string {
  return carryCampaign(href, campaignFromQuery(query), SAME_SITE);
}

/** Any origin works: hrefs are site-relative, and carryCampaign keeps them relative. */
const SAME_SITE = 'https://site.invalid';

/** A date in the page's language, e.g. 'October 28, 2026' / '2026年10月28日'. */
export function formatDate(isoDate: string, locale: Locale): string {
  let f = dateFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormatters.set(locale, f);
  }
  return f.format(new Date(`${isoDate}T00:00:00Z`));
}

/** One formatter per locale for the isolate's life (building one costs more than formatting). */
const dateFormatters = new Map<Locale, Intl.DateTimeFormat>();

/** Up to two initials for an avatar: 'Emily Carter' → 'EC'; a name without spaces gives its first character. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const chars = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return chars.map((word) => Array.from(word)[0]!.toLocaleUpperCase()).join('');
}

// 24×24 stroke icons, drawn for this site. Decorative: the text next to them says the same thing.
const ICONS = {
  shield: 'M12 3l8 3v6c0 5-3.4 8.2-8 9-4.6-.8-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  file: 'M14 3H7a2 2 0 00-2 2v14a2 2 0 002 2h10a2 2 0 002-2V8zM14 3v5h5M9 13h6M9 17h6',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 10.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z',
  video: 'M3 6h13v12H3zM16 10.5l5-3v9l-5-3',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 11-6 0 3 3 0 016 0zM20 16a3 3 0 11-6 0 3 3 0 016 0z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  windows: 'M3 5.5l7.5-1.1V11H3zM12.5 4.1L21 3v8h-8.5zM3 13h7.5v6.6L3 18.5zM12.5 13H21v8l-8.5-1.2z',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  chat: 'M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12zM8.5 12h.01M12 12h.01M15.5 12h.01',
  refund: 'M3 12a9 9 0 109-9 9.7 9.7 0 00-6.7 2.8L3 8M3 3v5h5',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7-10-7-10-7zM12 15a3 3 0 100-6 3 3 0 000 6z',
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  check: 'M5 12.5l4.5 4.5L19 7',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  zap: 'M13 2L4 14h7l-1 8 9-12h-7z',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  drive: 'M3 14h18v6H3zM5 14l3-9h8l3 9M17 17h.01',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  compare: 'M3 4h8v16H3zM13 4h8v16h-8z',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5M12 8h.01',
  convert: 'M17 2l4 4-4 4M3 11V9a3 3 0 013-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 01-3 3H3',
  sliders: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  folder: 'M3 6a1 1 0 011-1h5l2 2h9a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1z',
  users: 'M16 20v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1M9 11a4 4 0 100-8 4 4 0 000 8zM22 20v-1a4 4 0 00-3-3.9M16 3.1a4 4 0 010 7.8',
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

/** A titled card in a grid: icon, h3, text. */
export function FeatureCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="card feature-card">
      <span className="card-icon">
        <Icon name={icon} />
      </span>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

/** A content section: an h2 with an optional introduction, then its content. */
export function Section({ id, heading, intro, alt, children }: { id?: string; heading: string; intro?: string; alt?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={alt ? 'section section-alt' : 'section'}>
      <div className="container">
        <div className="section-head">
          <h2>{heading}</h2>
          {intro ? <p className="lead">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A list of short facts with check marks (free scan, Windows versions, download size…). */
export function CheckList({ items, className = 'check-list' }: { items: string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" className="check-icon" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The four facts every download offer repeats (free scan, Windows 7–11, about 3.2 MB, 30-day guarantee). */
export function useDownloadFacts(): string[] {
  return useMessageList('common.facts');
}

/** On /mobile/ pages: the app is for Windows PCs, so suggest downloading on one. */
export function MobileNote({ name }: { name: string }) {
  const t = useT();
  return (
    <div className="notice" role="note">
      <Icon name="windows" className="notice-icon" />
      <div>
        <p className="notice-title">{t('common.mobile.title')}</p>
        <p>{t('common.mobile.text', { name })}</p>
      </div>
    </div>
  );
}

/** The closing call to action: heading, text, download and buy links, on a brand-coloured band. */
export function CtaBand({ heading, text, downloadHref, downloadLabel, buyHref, mobile, btnId }: { heading: string; text: string; downloadHref: string; downloadLabel: string; buyHref?: string; mobile: boolean; btnId: string }) {
  const t = useT();
  return (
    <section className="section cta-section">
      <div className="container">
        <div className="cta-band">
          <h2>{heading}</h2>
          <p>{text}</p>
          <div className="actions actions-center">
            <Island
              of="DownloadButton"
              props={{ href: downloadHref, label: downloadLabel, className: 'button button-inverse', icon: true, mobile, btnId }}
            />
            {buyHref ? (
              <a className="button button-outline-inverse" href={buyHref}>
                {t('common.buy')}
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
