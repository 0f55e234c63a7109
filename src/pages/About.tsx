import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { legalHref, siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';
import { CheckList, Icon, Paragraphs, useMessageList } from './page-parts';
import { PRODUCT_ICONS, PRODUCT_IDS } from './ProductPage';

/** /about: the company, its mission, products, support promise and privacy stance. */
export const AboutPage: PageComponent = ({ locale }) => {
  const t = useT();
  const links = siteLinks(locale);
  const promises = useMessageList('pages.about.support.promises');

  return (
    <div className="container page" data-page="about">
      <PageHeader id="about" />

      <div className="about-grid">
        <section className="prose">
          <h2>{t('pages.about.story.heading')}</h2>
          <Paragraphs path="pages.about.story.paragraphs" />
        </section>
        <section className="prose">
          <h2>{t('pages.about.mission.heading')}</h2>
          <Paragraphs path="pages.about.mission.paragraphs" />
        </section>
      </div>

      <section className="page-section">
        <h2>{t('pages.about.products.heading')}</h2>
        <p className="lead">{t('pages.about.products.intro')}</p>
        <ul className="card-grid">
          {PRODUCT_IDS.map((id) => (
            <li key={id} className="card product-card">
              <span className="card-icon">
                <Icon name={PRODUCT_ICONS[id]} />
              </span>
              <h3>{t(`pages.${id}.heading`)}</h3>
              <p>{t(`products.${id}.summary`)}</p>
              <a href={links.product(id)}>{t('products.common.learnMore', { name: t(`pages.${id}.heading`) })}</a>
            </li>
          ))}
        </ul>
      </section>

      <div className="about-grid">
        <section className="prose">
          <h2>{t('pages.about.support.heading')}</h2>
          <Paragraphs path="pages.about.support.paragraphs" />
          <CheckList items={promises} />
        </section>
        <section className="prose">
          <h2>{t('pages.about.privacy.heading')}</h2>
          <Paragraphs path="pages.about.privacy.paragraphs" />
          <ul className="link-list">
            <li>
              <a href={legalHref('privacy', links.legalLang)}>{t('pages.about.privacy.policyLink')}</a>
            </li>
            <li>
              <a href={links.doNotSell}>{t('pages.about.privacy.doNotSellLink')}</a>
            </li>
          </ul>
        </section>
      </div>

      <section className="page-section contact-panel">
        <div>
          <h2>{t('pages.about.contact.heading')}</h2>
          <p>{t('pages.about.contact.text')}</p>
        </div>
        <a className="button button-primary" href={links.feedback}>
          <Icon name="chat" />
          {t('pages.about.contact.link')}
        </a>
      </section>
    </div>
  );
};
