import { useT } from '../i18n/translator';
import { prefillFromQuery } from '../domain/feedback';
import { TICKET_TYPES } from '../domain/api-schemas';
import { Island } from '../components/Island';
import { siteLinks } from './machinery/links';
import { FormPage, formAction } from './LicenseCode';
import type { PageComponent } from './machinery/types';

/** /feedback: contact support (docs/PRODUCT.md, Feedback ticket). The query prefills ticket_type, order_id and email. */
export const FeedbackPage: PageComponent = ({ locale, query }) => {
  const t = useT();
  const links = siteLinks(locale);
  return (
    <FormPage
      id="feedback"
      aside={
        <ul className="form-links">
          <li>
            <a href={links.licenseCode}>{t('pages.feedback.links.licenseCode')}</a>
          </li>
          <li>
            <a href={links.querySteps}>{t('pages.feedback.links.querySteps')}</a>
          </li>
        </ul>
      }
    >
      <Island of="FeedbackForm" props={{ action: formAction(locale, '/feedback', false), prefill: prefillFromQuery(query, TICKET_TYPES) }} />
    </FormPage>
  );
};
