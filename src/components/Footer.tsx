import { useT } from '../i18n/translator';
import { ARTICLE_LIST_IDS } from '../domain/articles';
import { PRODUCT_SLUGS, type SiteLinks } from '../pages/machinery/links';
import { CookieSettingsLink } from './CookieSettingsLink';

interface FooterLink {
  href: string;
  label: string;
  /** The legal pages open in a new tab (docs/PRODUCT.md, Layout). */
  external?: boolean;
}

function FooterColumn({ id, heading, items }: { id: string; heading: string; items: FooterLink[] }) {
  return (
    <nav aria-labelledby={`footer-${id}`} className={`footer-column footer-${id}`}>
      <h2 id={`footer-${id}`} className="footer-heading">
        {heading}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            {item.external ? (
              <a href={item.href} target="_blank" rel="noopener">
                {item.label}
              </a>
            ) : (
              <a href={item.href}>{item.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A small site map (products, support, company, articles) over the copyright line. Every href
 * comes from `links`, so the locale and, on /mobile/ pages, the mobile variants are kept.
 */
export function Footer({ links }: { links: SiteLinks }) {
  const t = useT();
  const year = new Date().getUTCFullYear();
  const columns: { id: string; heading: string; items: FooterLink[] }[] = [
    {
      id: 'products',
      heading: t('layout.footer.products'),
      items: PRODUCT_SLUGS.map((slug) => ({ href: links.product(slug), label: t(`pages.${slug}.heading`) })),
    },
    {
      id: 'support',
      heading: t('layout.footer.support'),
      items: [
        // The withdrawal function, on every page (EU consumer law asks for it to be easy to find).
        { href: links.withdraw, label: t('layout.footer.withdraw') },
        { href: links.licenseCode, label: t('layout.footer.licenseCode') },
        { href: links.trialCode, label: t('layout.footer.trialCode') },
        { href: links.querySteps, label: t('layout.footer.findOrder') },
        { href: links.feedback, label: t('ui.nav.contact') },
      ],
    },
    {
      id: 'company',
      heading: t('layout.footer.company'),
      items: [
        { href: links.about, label: t('pages.about.title') },
        { href: links.agreement, label: t('ui.nav.agreement'), external: true },
        { href: links.privacy, label: t('ui.nav.privacy'), external: true },
        { href: links.doNotSell, label: t('layout.footer.doNotSell') },
        { href: links.tokushoho, label: t('layout.footer.tokushoho') },
        { href: links.accessibility, label: t('layout.footer.accessibility') },
      ],
    },
    {
      id: 'articles',
      heading: t('layout.footer.articles'),
      items: ARTICLE_LIST_IDS.map((id) => ({ href: links.articleList(id), label: t(`articles.lists.${id}.title`) })),
    },
  ];
  return (
    <footer className="footer">
      <div className="footer-inner">
        {columns.map((column) => (
          <FooterColumn key={column.id} {...column} />
        ))}
        <div className="footer-bottom">
          <p className="footer-copyright">{t('layout.footer.copyright', { year })}</p>
          {/* Small links next to the copyright line (e.g. cookie settings) go in this list. */}
          <ul className="footer-meta" aria-label={t('layout.footer.more')}>
            <li>
              <a href={links.home}>{t('pages.home.title')}</a>
            </li>
            <li>
              <CookieSettingsLink privacyHref={links.privacy} />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
