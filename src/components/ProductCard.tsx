import { useT } from '../i18n/translator';
import { Icon, type IconName } from '../pages/page-parts';
import type { ProductSlug } from '../pages/machinery/links';

export const PRODUCT_CARD_ICONS: Record<ProductSlug, IconName> = { 'mt-recover': 'refund', 'mt-kt': 'image', 'mt-convert': 'convert' };

/**
 * A product's card: icon, name, summary and a link to its page. `data-glare` gives it the glare
 * that follows the pointer (client/lib/glare.ts, styled in client/styles/pages.css); the link
 * stretches over the whole card, so the card shows the glare on keyboard focus as well.
 */
export function ProductCard({ slug, href, headingLevel = 3 }: { slug: ProductSlug; href: string; headingLevel?: 2 | 3 }) {
  const t = useT();
  const name = t(`pages.${slug}.heading`);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card product-card glare-card" data-glare="" data-product={slug}>
      <span className="card-icon">
        <Icon name={PRODUCT_CARD_ICONS[slug]} />
      </span>
      <Heading>{name}</Heading>
      <p>{t(`products.${slug}.summary`)}</p>
      <a href={href} className="card-link">
        {t('products.common.learnMore', { name })}
      </a>
    </li>
  );
}
