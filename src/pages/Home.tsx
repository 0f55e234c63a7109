import { useT } from '../i18n/translator';
import { PRODUCT_SLUGS, siteLinks } from './machinery/links';
import { ProductCard } from '../components/ProductCard';
import { TestimonialList } from '../components/Testimonials';
import type { PageComponent } from './machinery/types';
import { CheckList, CtaBand, FeatureCard, Icon, MobileNote, Section, messageKeys, useDownloadFacts, useMessageList, withCampaign, type IconName } from './page-parts';
import { Island } from '../components/Island';

const KIND_ICONS: Record<string, IconName> = { documents: 'file', photos: 'image', videos: 'video', audio: 'music', email: 'mail', archives: 'archive' };
const WHY_ICONS: Record<string, IconName> = { safe: 'shield', preview: 'eye', types: 'layers', windows: 'windows', support: 'chat', guarantee: 'refund' };

/** The hero picture: a recovery window finding files. Decorative; colours come from the theme. */
function RecoveryIllustration() {
  const tiles = [
    { x: 150, y: 118, kind: 'doc' },
    { x: 214, y: 118, kind: 'photo' },
    { x: 278, y: 118, kind: 'video' },
    { x: 342, y: 118, kind: 'doc' },
    { x: 150, y: 196, kind: 'photo' },
    { x: 214, y: 196, kind: 'music' },
    { x: 278, y: 196, kind: 'photo' },
    { x: 342, y: 196, kind: 'doc' },
  ];
  return (
    <svg className="hero-art" viewBox="0 0 420 300" width="420" height="300" aria-hidden="true" focusable="false">
      <rect className="art-window" x="6" y="6" width="408" height="288" rx="16" />
      <path className="art-bar" d="M6 22a16 16 0 0116-16h376a16 16 0 0116 16v20H6z" />
      <circle className="art-dot" cx="30" cy="24" r="5" />
      <circle className="art-dot" cx="48" cy="24" r="5" />
      <circle className="art-dot" cx="66" cy="24" r="5" />
      <rect className="art-side" x="18" y="56" width="108" height="224" rx="10" />
      {[72, 112, 152].map((y, i) => (
        <g key={y}>
          <rect className={i === 1 ? 'art-drive art-drive-active' : 'art-drive'} x="28" y={y} width="88" height="30" rx="7" />
          <rect className="art-line" x="38" y={y + 12} width={i === 1 ? 58 : 46} height="6" rx="3" />
        </g>
      ))}
      <rect className="art-line" x="150" y="62" width="120" height="8" rx="4" />
      <rect className="art-track" x="150" y="82" width="250" height="12" rx="6" />
      <rect className="art-fill" x="150" y="82" width="176" height="12" rx="6" />
      {tiles.map(({ x, y, kind }) => (
        <g key={`${x}-${y}`}>
          <rect className="art-tile" x={x} y={y} width="54" height="66" rx="8" />
          {kind === 'doc' ? <path className="art-glyph" d={`M${x + 15} ${y + 20}h24M${x + 15} ${y + 30}h24M${x + 15} ${y + 40}h16`} /> : null}
          {kind === 'photo' ? <path className="art-glyph" d={`M${x + 12} ${y + 46}l10-12 8 9 6-6 8 9zM${x + 37} ${y + 22}a3 3 0 110 .1`} /> : null}
          {kind === 'video' ? <path className="art-glyph art-glyph-fill" d={`M${x + 21} ${y + 22}v22l18-11z`} /> : null}
          {kind === 'music' ? <path className="art-glyph" d={`M${x + 22} ${y + 44}V${y + 22}l14-4v22M${x + 22} ${y + 44}a4 4 0 11-.1 0M${x + 36} ${y + 40}a4 4 0 11-.1 0`} /> : null}
          <circle className="art-check-bg" cx={x + 50} cy={y + 4} r="10" />
          <path className="art-check" d={`M${x + 45} ${y + 4}l3.5 3.5 6-6.5`} />
        </g>
      ))}
    </svg>
  );
}

/** `/` and `/mobile`: what the app recovers, how, why this one, what customers say, FAQ, download. */
export const HomePage: PageComponent = ({ locale, mobile, query }) => {
  const t = useT();
  const links = siteLinks(locale, mobile);
  const buyHref = withCampaign(links.buy, query);
  const facts = useDownloadFacts();
  const devices = useMessageList('common.devices');
  const situations = useMessageList('common.situations');
  const name = t('site.name');

  return (
    <div className="content-page" data-page="home">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{t('home.hero.eyebrow')}</p>
            <h1>{t('pages.home.heading')}</h1>
            <p className="lead">{t('pages.home.intro')}</p>
            {mobile ? <MobileNote name={name} /> : null}
            <div className="actions">
              <Island
                of="DownloadButton"
                props={{ href: links.download, label: t('common.downloadProduct', { name }), className: 'button button-primary button-large', icon: true, mobile, btnId: 'home_hero' }}
              />
              <a className="button button-ghost button-large" href={buyHref}>
                {t('common.buy')}
              </a>
            </div>
            <CheckList items={facts} className="check-list hero-facts" />
          </div>
          <RecoveryIllustration />
        </div>
      </section>

      <Section id="products" heading={t('home.products.heading')} intro={t('home.products.intro')}>
        <ul className="card-grid product-grid">
          {PRODUCT_SLUGS.map((slug) => (
            <ProductCard key={slug} slug={slug} href={links.product(slug)} />
          ))}
        </ul>
      </Section>

      <Section id="what-it-recovers" heading={t('home.recovers.heading')} intro={t('home.recovers.intro')}>
        <ul className="card-grid">
          {messageKeys('home.recovers.kinds').map((kind) => (
            <FeatureCard key={kind} icon={KIND_ICONS[kind] ?? 'file'} title={t(`home.recovers.kinds.${kind}.title`)}>
              {t(`home.recovers.kinds.${kind}.text`)}
            </FeatureCard>
          ))}
        </ul>
        <div className="split">
          <div>
            <h3>{t('home.recovers.devicesHeading')}</h3>
            <ul className="chip-list">
              {devices.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{t('home.recovers.situationsHeading')}</h3>
            <ul className="chip-list">
              {situations.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section id="how-it-works" heading={t('home.steps.heading')} intro={t('home.steps.intro')} alt>
        <ol className="steps">
          {messageKeys('home.steps.items').map((step) => (
            <li key={step} className="step">
              <h3>{t(`home.steps.items.${step}.title`)}</h3>
              <p>{t(`home.steps.items.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="why-us" heading={t('home.why.heading')} intro={t('home.why.intro')}>
        <ul className="card-grid">
          {messageKeys('home.why.items').map((item) => (
            <FeatureCard key={item} icon={WHY_ICONS[item] ?? 'check'} title={t(`home.why.items.${item}.title`)}>
              {t(`home.why.items.${item}.text`)}
            </FeatureCard>
          ))}
        </ul>
      </Section>

      <Section id="testimonials" heading={t('home.testimonials.heading')} intro={t('home.testimonials.intro')} alt>
        <TestimonialList page="home" />
      </Section>

      <Section id="faq" heading={t('home.faq.heading')}>
        <div className="faq">
          {messageKeys('home.faq.items').map((item) => (
            <details key={item} className="faq-item">
              <summary>{t(`home.faq.items.${item}.question`)}</summary>
              <p>{t(`home.faq.items.${item}.answer`)}</p>
            </details>
          ))}
        </div>
        <p className="faq-more">
          {t('home.faq.more')} <a href={links.feedback}>{t('home.faq.contact')}</a>
        </p>
      </Section>

      <CtaBand heading={t('home.cta.heading')} text={t('home.cta.text')} downloadHref={links.download} downloadLabel={t('common.downloadProduct', { name })} buyHref={buyHref} mobile={mobile} btnId="home_cta" />
    </div>
  );
};
