import { localeEntry, localizePath, type LegalLang, type Locale } from '../domain/locales';

export const INSTALLER_PATH = '/download/mt-recover_setup_16_1.exe';

/** The site's internal links in one locale: every component builds hrefs from here, never by hand. */
export interface SiteLinks {
  locale: Locale;
  legalLang: LegalLang;
  home: string;
  buy: string;
  checkout: string;
  feedback: string;
  licenseCode: string;
  trialCode: string;
  querySteps: string;
  doNotSell: string;
  about: string;
  download: string;
  product: (slug: 'mt-recover' | 'mt-kt' | 'mt-convert') => string;
  articleList: (id: string) => string;
}

export function siteLinks(locale: Locale): SiteLinks {
  const at = (path: string) => localizePath(locale, path);
  return {
    locale,
    legalLang: localeEntry(locale).legalLang,
    home: at('/'),
    buy: at('/buy'),
    checkout: at('/checkout'),
    feedback: at('/feedback'),
    licenseCode: at('/license-code'),
    trialCode: at('/trial-code'),
    querySteps: at('/query-steps'),
    doNotSell: at('/do-not-sell-my-info'),
    about: at('/about'),
    download: INSTALLER_PATH,
    product: (slug) => at(`/${slug}`),
    articleList: (id) => at(`/article-list/${id}`),
  };
}

export function legalHref(kind: 'agreement' | 'privacy', lang: LegalLang): string {
  return kind === 'agreement' ? `/mtdr_user_agreement.html?lang=${lang}` : `/mtdr_privacy.html?lang=${lang}`;
}
