import type { ReactNode } from 'react';
import { Island } from './Island';
import { Footer } from './Footer';
import { ConsentRegion } from './ConsentRegion';
import type { NavLanguage } from '../../client/islands/NavBar';
import { useT } from '../i18n/translator';
import { PRODUCT_SLUGS, type SiteLinks } from '../pages/machinery/links';

/** The page shell: skip link, the top bar island (with the progress bar and network status), main content, footer. */
export function Layout({ links, languages, children }: { links: SiteLinks; languages: NavLanguage[]; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <ConsentRegion privacyHref={links.privacy} />
      <Island
        of="NavBar"
        props={{
          homeHref: links.home,
          products: PRODUCT_SLUGS.map((slug) => ({ slug, name: t(`pages.${slug}.heading`), href: links.product(slug) })),
          contactHref: links.feedback,
          buyHref: links.buy,
          downloadHref: links.download,
          agreementHref: links.agreement,
          privacyHref: links.privacy,
          languages,
        }}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer links={links} />
    </>
  );
}
