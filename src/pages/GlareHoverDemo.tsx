import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { ProductCard } from '../components/ProductCard';
import { PRODUCT_SLUGS, siteLinks } from './machinery/links';
import { DemoChecks, InternalPurpose } from './InternalSections';
import type { PageComponent } from './machinery/types';

/** /components/GlareHover: the product cards with their pointer-following glare (client/lib/glare.ts). */
export const GlareHoverDemoPage: PageComponent = ({ locale }) => {
  const t = useT();
  const links = siteLinks(locale);
  return (
    <div className="container page demo-page" data-page="demo-glare-hover">
      <PageHeader id="demo-glare-hover" />
      <section className="demo-section" aria-labelledby="demo-glare-cards">
        <h2 id="demo-glare-cards">{t('pages.demo-glare-hover.examples.cardsHeading')}</h2>
        <ul className="card-grid product-grid">
          {PRODUCT_SLUGS.map((slug) => (
            <ProductCard key={slug} slug={slug} href={links.product(slug)} />
          ))}
        </ul>
      </section>
      <DemoChecks id="demo-glare-hover" />
      <InternalPurpose id="demo-glare-hover" />
    </div>
  );
};
