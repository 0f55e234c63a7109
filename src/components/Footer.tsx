import { useT } from '../../client/lib/i18n';
import { ARTICLE_LIST_IDS } from '../domain/articles';
import { legalHref, type SiteLinks } from '../pages/links';
import { CookieSettingsLink } from './CookieSettingsLink';

export function Footer({ links }: { links: SiteLinks }) {
  const t = useT();
  const year = new Date().getUTCFullYear();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <nav aria-label={t('layout.footer.articles')} className="footer-articles">
          <h2 className="footer-heading">{t('layout.footer.articles')}</h2>
          <ul>
            {ARTICLE_LIST_IDS.map((id) => (
              <li key={id}>
                <a href={links.articleList(id)}>{t(`articles.lists.${id}.title`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('layout.footer.legal')} className="footer-legal">
          <h2 className="footer-heading">{t('layout.footer.legal')}</h2>
          <ul>
            <li>
              <a href={legalHref('agreement', links.legalLang)} target="_blank" rel="noopener">
                {t('ui.nav.agreement')}
              </a>
            </li>
            <li>
              <a href={legalHref('privacy', links.legalLang)} target="_blank" rel="noopener">
                {t('ui.nav.privacy')}
              </a>
            </li>
            <li>
              <a href={links.doNotSell}>{t('layout.footer.doNotSell')}</a>
            </li>
            <li>
              <a href={links.feedback}>{t('ui.nav.contact')}</a>
            </li>
          </ul>
        </nav>
        <CookieSettingsLink privacyHref={legalHref('privacy', links.legalLang)} />
        <p className="footer-copyright">{t('layout.footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
