import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { siteLinks, type SiteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';
import { Icon, Paragraphs, messageKeys, useMessageList } from './page-parts';

/** Steps that end in an action: the link's place in the site (its label is `….steps.<key>.link`). */
const STEP_LINKS: Record<string, (links: SiteLinks) => string> = {
  retrieve: (links) => links.licenseCode,
  support: (links) => links.feedback,
};

/** /query-steps: how to find an order and get its licence code sent again. */
export const QueryStepsPage: PageComponent = ({ locale }) => {
  const t = useT();
  const links = siteLinks(locale);
  const tips = useMessageList('pages.query-steps.tips.items');

  return (
    <div className="container page" data-page="query-steps">
      <PageHeader id="query-steps" />

      <section className="page-section">
        <h2>{t('pages.query-steps.stepsHeading')}</h2>
        <ol className="steps steps-vertical">
          {messageKeys('pages.query-steps.steps').map((key) => {
            const href = STEP_LINKS[key]?.(links);
            return (
              <li key={key} className="step">
                <h3>{t(`pages.query-steps.steps.${key}.title`)}</h3>
                <p>{t(`pages.query-steps.steps.${key}.text`)}</p>
                {href ? (
                  <p>
                    <a className="button button-primary" href={href}>
                      {t(`pages.query-steps.steps.${key}.link`)}
                    </a>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>

      <div className="about-grid">
        <section className="prose">
          <h2>{t('pages.query-steps.activate.heading')}</h2>
          <Paragraphs path="pages.query-steps.activate.paragraphs" />
        </section>
        <section className="prose">
          <h2>{t('pages.query-steps.tips.heading')}</h2>
          <ul>
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      </div>

      <section className="page-section contact-panel">
        <div>
          <h2>{t('pages.query-steps.trial.heading')}</h2>
          <p>{t('pages.query-steps.trial.text')}</p>
        </div>
        <a className="button button-ghost" href={links.trialCode}>
          <Icon name="mail" />
          {t('pages.query-steps.trial.link')}
        </a>
      </section>
    </div>
  );
};
