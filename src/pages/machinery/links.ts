import { localeEntry, localizePath, type LegalLang, type Locale } from '../../domain/locales';
import { campaignFromQuery, carryCampaign, CAMPAIGN_KEYS } from '../../domain/campaign';
import { WITHDRAW_PATH } from '../../domain/withdrawal';

export const INSTALLER_PATH = '/download/mt-recover_setup_16_1.exe';

export const PRODUCT_SLUGS = ['mt-recover', 'mt-kt', 'mt-convert'] as const;
export type ProductSlug = (typeof PRODUCT_SLUGS)[number];

/**
 * The unprefixed paths that have a /mobile/ variant (the route table's `mobile: true` entries;
 * a unit test keeps the two in step). Kept here rather than read from the route table, which
 * imports every page, and the pages import this file.
 */
export const MOBILE_PATHS: ReadonlySet<string> = new Set(['/', '/mt-recover', '/mt-kt', '/mt-convert', '/buy', '/checkout', '/license-code', '/trial-code', '/withdraw', '/lp/mt-recover']);

/** The site's internal links in one locale: every component builds hrefs from here, never by hand. */
export interface SiteLinks {
  locale: Locale;
  /** Links built for a /mobile/ page: they point at the mobile variant where one exists. */
  mobile: boolean;
  legalLang: LegalLang;
  home: string;
  buy: string;
  checkout: string;
  feedback: string;
  licenseCode: string;
  trialCode: string;
  querySteps: string;
  doNotSell: string;
  /**
   * The withdrawal and refund page: every footer links it; the payment result page may link it
   * for one order with withdrawalHref(links.withdraw, orderId) (src/domain/withdrawal.ts).
   */
  withdraw: string;
  /** Japan's commercial disclosure (特定商取引法に基づく表記); the checkout may link it. */
  tokushoho: string;
  accessibility: string;
  about: string;
  download: string;
  /** The static legal pages in the locale's `?lang=` (they open in a new tab). */
  agreement: string;
  privacy: string;
  product: (slug: ProductSlug) => string;
  articleList: (id: string) => string;
}

const cache = new Map<string, SiteLinks>();

/** Built once per locale and device variant per isolate: every page render asks for it. */
export function siteLinks(locale: Locale, mobile = false): SiteLinks {
  const key = `${locale}|${mobile}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const at = (path: string) => localizePath(locale, mobile && MOBILE_PATHS.has(path) ? (path === '/' ? '/mobile' : `/mobile${path}`) : path);
  const products = Object.fromEntries(PRODUCT_SLUGS.map((slug) => [slug, at(`/${slug}`)])) as Record<ProductSlug, string>;
  const links: SiteLinks = {
    locale,
    mobile,
    legalLang: localeEntry(locale).legalLang,
    home: at('/'),
    buy: at('/buy'),
    checkout: at('/checkout'),
    feedback: at('/feedback'),
    licenseCode: at('/license-code'),
    trialCode: at('/trial-code'),
    querySteps: at('/query-steps'),
    doNotSell: at('/do-not-sell-my-info'),
    withdraw: at(WITHDRAW_PATH),
    tokushoho: at('/tokushoho'),
    accessibility: at('/accessibility'),
    about: at('/about'),
    download: INSTALLER_PATH,
    agreement: legalHref('agreement', localeEntry(locale).legalLang),
    privacy: legalHref('privacy', localeEntry(locale).legalLang),
    product: (slug) => products[slug],
    articleList: (id) => at(`/article-list/${id}`),
  };
  cache.set(key, links);
  return links;
}

/**
 * The same links with the visit's campaign keys (uuid, from, isSem, group_tid, bd_vid)
 * already in the HTML, for pages whose every link must keep them (the ad-landing page): no
 * click can lose the attribution, even before the browser script runs. The installer link is
 * left alone (it is not a page; the download button adds its own campaign suffix).
 */
export function withCampaignLinks(links: SiteLinks, query: URLSearchParams): SiteLinks {
  const campaign = campaignFromQuery(query);
  if (!CAMPAIGN_KEYS.some((key) => campaign[key] !== undefined)) return links;
  const carry = (href: string) => carryCampaign(href, campaign, 'https://site.invalid');
  const out = { ...links, product: (slug: ProductSlug) => carry(links.product(slug)), articleList: (id: string) => carry(links.articleList(id)) };
  for (const key of ['home', 'buy', 'checkout', 'feedback', 'licenseCode', 'trialCode', 'querySteps', 'doNotSell', 'withdraw', 'tokushoho', 'accessibility', 'about', 'agreement', 'privacy'] as const) {
    out[key] = carry(links[key]);
  }
  return out;
}

export function legalHref(kind: 'agreement' | 'privacy', lang: LegalLang): string {
  return kind === 'agreement' ? `/mtdr_user_agreement.html?lang=${lang}` : `/mtdr_privacy.html?lang=${lang}`;
}
