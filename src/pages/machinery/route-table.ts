import type { PageRoute } from './types';
import { isArticleListId } from '../../domain/articles';
import { RESULT_CLIENT_QUERY } from '../../domain/checkout';
import { DEFAULT_LOCALE, localeForLegalLang, type Locale } from '../../domain/locales';
import { FORM_IDS } from '../../domain/form';
import type { IslandName } from '../../components/islands';
import { NotFoundPage } from '../NotFound';
import { HomePage } from '../Home';
import { MtRecoverPage } from '../MtRecover';
import { MtKtPage } from '../MtKt';
import { MtConvertPage } from '../MtConvert';
import { AboutPage } from '../About';
import { QueryStepsPage } from '../QuerySteps';
import { ArticleListPage } from '../ArticleList';
import { AgreementPage } from '../Agreement';
import { PrivacyPage } from '../Privacy';
import { internalPage } from '../InternalPage';
import { LicenseCodePage } from '../LicenseCode';
import { TrialCodePage } from '../TrialCode';
import { DoNotSellPage } from '../DoNotSell';
import { BuyPage } from '../Buy';
import { MoreSaveDemoPage } from '../MoreSaveDemo';
import { CheckoutPage } from '../Checkout';
import { CheckoutResultPage } from '../CheckoutResult';
import { PaypalDemoPage, TestCheckoutPage, TextCheckoutPage } from '../CheckoutTools';
import { FeedbackPage } from '../Feedback';
import { UploadImageDemoPage } from '../UploadImageDemo';
import { TestPage } from '../TestPage';
import { LandingPage } from '../LandingPage';
import { CopyDemoPage } from '../CopyDemo';
import { GlareHoverDemoPage } from '../GlareHoverDemo';
import { WithdrawPage } from '../Withdraw';
import { TokushohoPage } from '../Tokushoho';
import { AccessibilityPage } from '../Accessibility';
import { WITHDRAW_ORDER_QUERY, WITHDRAW_PATH } from '../../domain/withdrawal';

const legalLangOk = (query: URLSearchParams) => !query.has('lang') || localeForLegalLang(query.get('lang')) !== null;
const legalLocale = (query: URLSearchParams): Locale => localeForLegalLang(query.get('lang')) ?? DEFAULT_LOCALE;

type Entry = Pick<PageRoute, 'id' | 'path' | 'page'> & Partial<PageRoute>;

function route(entry: Entry): PageRoute {
  return { localized: true, mobile: false, agentRedirect: false, indexable: true, ...entry };
}

/** Pages with a /mobile/ variant; phones are redirected to it and desktops back (bots never). */
const mobileRoute = (entry: Entry) => route({ mobile: true, agentRedirect: true, ...entry });
/** Test and component demo pages: served in every locale, never indexed. */
const hiddenRoute = (entry: Entry) => route({ indexable: false, ...entry });
/** The legal pages: one unprefixed URL each, whose language is `?lang=` (any other value is a 404). */
const legalRoute = (entry: Entry & Required<Pick<PageRoute, 'legal'>>) =>
  route({
    localized: false,
    validate: (_params, query) => legalLangOk(query),
    localeFromQuery: legalLocale,
    // `lang` picks the page's language; validate has already refused any other value.
    cacheQuery: ['lang'],
    ...entry,
  });

/** The checkout's form, and the plan summary, which reuses the buy page's plan styles. */
const CHECKOUT_STYLES: readonly IslandName[] = ['CheckoutForm', 'BuyButton'];

/**
 * The one list of pages. Routing, locale prefixes, mobile redirects, the sitemap and hreflang
 * links all read it: adding a page is adding one entry here.
 */
export const ROUTES: readonly PageRoute[] = [
  mobileRoute({ id: 'home', path: '/', page: HomePage, siteTitle: true, offerLanguage: true }),
  mobileRoute({ id: 'mt-recover', path: '/mt-recover', page: MtRecoverPage }),
  mobileRoute({ id: 'mt-kt', path: '/mt-kt', page: MtKtPage }),
  mobileRoute({ id: 'mt-convert', path: '/mt-convert', page: MtConvertPage }),
  route({ id: 'about', path: '/about', page: AboutPage }),
  mobileRoute({ id: 'buy', path: '/buy', page: BuyPage, islandStyles: ['BuyButton'] }),
  mobileRoute({
    id: 'checkout',
    path: '/checkout',
    page: CheckoutPage,
    indexable: false,
    payments: true,
    clientNamespaces: ['checkout'],
    islandStyles: CHECKOUT_STYLES,
    // The plan, the preselected method and the test host change the page; `retry` (one buyer's
    // order) is not cached.
    cacheQuery: ['product_id', 'method', 'host'],
  }),
  // Where every payment lands (Stripe's return URL too, so it may host Stripe's 3-D Secure step).
  route({
    id: 'checkout-result',
    path: '/checkout/result',
    page: CheckoutResultPage,
    indexable: false,
    payments: true,
    clientNamespaces: ['checkout'],
    clientQuery: RESULT_CLIENT_QUERY,
    islandStyles: ['CheckoutResult'],
  }),
  route({ id: 'feedback', path: '/feedback', page: FeedbackPage, clientNamespaces: ['feedback'], formPost: FORM_IDS.feedback }),
  mobileRoute({ id: 'license-code', path: '/license-code', page: LicenseCodePage, formPost: FORM_IDS['license-code'] }),
  mobileRoute({ id: 'trial-code', path: '/trial-code', page: TrialCodePage, formPost: FORM_IDS['trial-code'] }),
  route({ id: 'query-steps', path: '/query-steps', page: QueryStepsPage }),
  route({
    id: 'do-not-sell-my-info',
    path: '/do-not-sell-my-info',
    page: DoNotSellPage,
    formPost: FORM_IDS['do-not-sell-my-info'],
    // Its load step reads Sec-GPC, so caches must key on it.
    vary: ['Sec-GPC'],
  }),
  // The withdrawal function, linked from every footer; the order number a link carries is read by
  // the island only, so one cached page serves every order.
  mobileRoute({ id: 'withdraw', path: WITHDRAW_PATH, page: WithdrawPage, clientNamespaces: ['withdraw'], clientQuery: [WITHDRAW_ORDER_QUERY], formPost: FORM_IDS.withdraw }),
  // Japan's commercial disclosure, translated in every locale (the same facts for everyone).
  route({ id: 'tokushoho', path: '/tokushoho', page: TokushohoPage }),
  route({ id: 'accessibility', path: '/accessibility', page: AccessibilityPage }),
  route({
    id: 'article-list',
    path: '/article-list/:id',
    page: ArticleListPage,
    validate: (params) => isArticleListId(params.id),
    // Each list has its own title and description: its heading and introduction.
    headKeys: (params) => ({ title: `articles.lists.${params.id}.title`, description: `articles.lists.${params.id}.intro` }),
  }),
  legalRoute({ id: 'agreement', path: '/mtdr_user_agreement.html', page: AgreementPage, legal: 'agreement' }),
  legalRoute({ id: 'privacy', path: '/mtdr_privacy.html', page: PrivacyPage, legal: 'privacy' }),
  // The ad-landing page of paid campaigns: noindex, out of the sitemap, and
  // every link in its HTML keeps the campaign keys.
  mobileRoute({ id: 'lp-mt-recover', path: '/lp/mt-recover', page: LandingPage, indexable: false, campaignLinks: true }),
  route({ id: '404', path: '/404', page: NotFoundPage, indexable: false, status: 404 }),
  hiddenRoute({ id: 'test', path: '/test', page: TestPage, clientNamespaces: ['diagnostics'] }),
  hiddenRoute({ id: 'test-checkout', path: '/test-checkout', page: TestCheckoutPage, payments: true, clientNamespaces: ['checkout'], islandStyles: CHECKOUT_STYLES }),
  hiddenRoute({ id: 'text-checkout', path: '/text-checkout', page: TextCheckoutPage, clientNamespaces: ['checkout'], islandStyles: ['CheckoutResult'] }),
  hiddenRoute({ id: 'demo-copy', path: '/components/Copy', page: CopyDemoPage }),
  hiddenRoute({ id: 'demo-glare-hover', path: '/components/GlareHover', page: GlareHoverDemoPage }),
  hiddenRoute({ id: 'demo-more-save', path: '/components/MoreSave', page: MoreSaveDemoPage, islandStyles: ['BuyButton'] }),
  hiddenRoute({ id: 'demo-paypal', path: '/components/Paypal', page: PaypalDemoPage, payments: true, clientNamespaces: ['checkout'], islandStyles: CHECKOUT_STYLES }),
  hiddenRoute({ id: 'demo-upload-image', path: '/components/UploadImage', page: UploadImageDemoPage, clientNamespaces: ['feedback'] }),
];

export const NOT_FOUND_ROUTE = ROUTES.find((r) => r.id === '404')!;

/** '/buy' → '/mobile/buy', '/' → '/mobile'. */
export function mobilePath(path: string): string {
  return path === '/' ? '/mobile' : `/mobile${path}`;
}

/** Fills ':name' segments from params. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The short sitemap list printed to the console outside production (docs/PRODUCT.md, Routes). */
export const SPEC_SITEMAP_LIST = ['/', '/buy', '/license-code', '/trial-code', '/query-steps', '/checkout', '/do-not-sell-my-info'].flatMap((path) => [
  path,
  path === '/' ? '/en-US' : `/en-US${path}`,
  path === '/' ? '/ja-JP' : `/ja-JP${path}`,
]);
