import { useT } from '../i18n/translator';
import { Island } from '../components/Island';
import { siteLinks } from './machinery/links';
import { CheckList, Icon, MobileNote, messageKeys, useMessageList, withCampaign, type IconName } from './page-parts';
import type { PageComponent } from './machinery/types';

const PROOF_ICONS: Record<string, IconName> = { types: 'layers', devices: 'archive', windows: 'windows', guarantee: 'refund' };

/**
 * /lp/mt-recover (and /mobile/lp/mt-recover): the ad-landing page of paid campaigns. One message, one
 * Download button (the home page's: bd_vid short code, isSem suffix, the popup), one Buy button to
 * the plans, and the proof points. Every link keeps the campaign keys (the route's
 * `campaignLinks`, plus withCampaign here); noindex and out of the sitemap.
 */
export const LandingPage: PageComponent = ({ locale, mobile, query }) => {
  const t = useT();
  const links = siteLinks(locale, mobile);
  const name = t('site.name');
  const p = 'lp.mt-recover';
  const promises = useMessageList(`${p}.promises`);
  return (
    <div className="content-page landing-page" data-page="lp-mt-recover">
      <section className="hero landing-hero">
        <div className="container landing-inner">
          <p className="eyebrow">{t(`${p}.eyebrow`)}</p>
          <h1>{t('pages.lp-mt-recover.heading')}</h1>
          <p className="lead">{t('pages.lp-mt-recover.intro')}</p>
          {mobile ? <MobileNote name={name} /> : null}
          <div className="actions">
            <Island
              of="DownloadButton"
              props={{ href: links.download, label: t('common.downloadProduct', { name }), className: 'button button-primary button-large', icon: true, mobile, btnId: 'lp_hero' }}
            />
            <a className="button button-ghost button-large" href={withCampaign(links.buy, query)} data-lp-buy>
              {t(`${p}.buy`)}
            </a>
          </div>
          <CheckList items={promises} className="check-list hero-facts" />
        </div>
      </section>
      <section className="section" aria-labelledby="lp-proof">
        <div className="container">
          <h2 id="lp-proof" className="visually-hidden">
            {t(`${p}.proofHeading`)}
          </h2>
          <ul className="card-grid landing-proof">
            {messageKeys(`${p}.proof`).map((key) => (
              <li key={key} className="card feature-card" data-proof={key}>
                <span className="card-icon">
                  <Icon name={PROOF_ICONS[key] ?? 'check'} />
                </span>
                <h3>{t(`${p}.proof.${key}.title`)}</h3>
                <p>{t(`${p}.proof.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
};
