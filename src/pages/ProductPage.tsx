import { useT } from '../i18n/translator';
import { siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';
import { CheckList, CtaBand, FeatureCard, Icon, MobileNote, Section, messageKeys, useMessageList, withCampaign, type IconName } from './page-parts';
import { Island } from '../components/Island';
import { ProductCard } from '../components/ProductCard';

export const PRODUCT_IDS = ['mt-recover', 'mt-kt', 'mt-convert'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

export const PRODUCT_ICONS: Record<ProductId, IconName> = { 'mt-recover': 'refund', 'mt-kt': 'image', 'mt-convert': 'convert' };

export interface ProductConfig {
  id: ProductId;
  /** Icon per feature key of `products.<id>.features`. */
  featureIcons: Record<string, IconName>;
  /** Format group key (`products.<id>.formats.groups.<key>` names it) → the formats, which need no translation. */
  formats: Record<string, string>;
  /** The paid product: offers a licence. The free tools link to the paid product instead. */
  paid: boolean;
  /** Lists the devices it recovers from (the recovery product). */
  devices?: boolean;
}

/**
 * The three product pages share one shape: hero, features, formats, system requirements, the
 * other products, download. Each page file supplies its icons and format lists.
 */
export function productPage(config: ProductConfig): PageComponent {
  const { id, featureIcons, formats, paid, devices } = config;
  const Page: PageComponent = ({ locale, mobile, query }) => {
    const t = useT();
    const links = siteLinks(locale, mobile);
    const name = t(`pages.${id}.heading`);
    const p = `products.${id}`;
    const facts = useMessageList(paid ? 'common.facts' : `${p}.facts`);
    const deviceList = useMessageList('common.devices');
    const requirementRows = [...messageKeys('products.common.requirements').map((key) => `products.common.requirements.${key}`), ...messageKeys(`${p}.requirements`).map((key) => `${p}.requirements.${key}`)];
    const buyHref = withCampaign(links.buy, query);
    const downloadLabel = paid ? t('common.downloadProduct', { name }) : t('common.downloadIncluded', { name: t('site.name') });
    const others = PRODUCT_IDS.filter((other) => other !== id);

    return (
      <div className="content-page" data-page={id}>
        <section className="hero hero-product">
          <div className="container hero-inner">
            <div className="hero-copy">
              <p className="eyebrow">{t(`${p}.eyebrow`)}</p>
              <h1>{name}</h1>
              <p className="lead">{t(`pages.${id}.intro`)}</p>
              {mobile ? <MobileNote name={name} /> : null}
              <div className="actions">
                <Island
                  of="DownloadButton"
                  props={{ href: links.download, label: downloadLabel, className: 'button button-primary button-large', icon: true, mobile, btnId: `${id}_hero` }}
                />
                {paid ? (
                  <a className="button button-ghost button-large" href={buyHref}>
                    {t('common.buy')}
                  </a>
                ) : (
                  <a className="button button-ghost button-large" href={links.product('mt-recover')}>
                    {t('products.common.discoverRecover')}
                  </a>
                )}
              </div>
            </div>
            <div className="glance">
              <span className="glance-icon">
                <Icon name={PRODUCT_ICONS[id]} />
              </span>
              <p className="glance-title">{t(`${p}.glanceTitle`)}</p>
              <CheckList items={facts} />
            </div>
          </div>
        </section>

        <Section id="features" heading={t(`${p}.featuresHeading`)} intro={t(`${p}.featuresIntro`)}>
          <ul className="card-grid">
            {messageKeys(`${p}.features`).map((key) => (
              <FeatureCard key={key} icon={featureIcons[key] ?? 'check'} title={t(`${p}.features.${key}.title`)}>
                {t(`${p}.features.${key}.text`)}
              </FeatureCard>
            ))}
          </ul>
        </Section>

        <Section id="formats" heading={t(`${p}.formats.heading`)} intro={t(`${p}.formats.intro`)} alt>
          <ul className="format-grid">
            {Object.entries(formats).map(([group, list]) => (
              <li key={group} className="format-group">
                <h3>{t(`${p}.formats.groups.${group}`)}</h3>
                <p>{list}</p>
              </li>
            ))}
          </ul>
          {devices ? (
            <div className="devices">
              <h3>{t(`${p}.devicesHeading`)}</h3>
              <ul className="chip-list">
                {deviceList.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>

        <Section id="requirements" heading={t('products.common.requirementsHeading')} intro={t(`${p}.requirementsIntro`)}>
          <table className="spec-table">
            <tbody>
              {requirementRows.map((row) => (
                <tr key={row}>
                  <th scope="row">{t(`${row}.label`)}</th>
                  <td>{t(`${row}.value`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section id="more-tools" heading={t('products.common.moreHeading')} alt>
          <ul className="card-grid card-grid-2">
            {others.map((other) => (
              <ProductCard key={other} slug={other} href={links.product(other)} />
            ))}
          </ul>
        </Section>

        <CtaBand heading={t(`${p}.cta.heading`)} text={t(`${p}.cta.text`)} downloadHref={links.download} downloadLabel={downloadLabel} buyHref={paid ? buyHref : undefined} mobile={mobile} btnId={`${id}_cta`} />
      </div>
    );
  };
  return Page;
}
