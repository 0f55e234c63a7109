import { legalPage } from './LegalPage';

/** /mtdr_user_agreement.html?lang=en|zh|ja: the end-user licence terms. */
export const AgreementPage = legalPage({
  id: 'agreement',
  updated: '2026-11-24',
  sectionLinks: {
    // The money-back guarantee is asked for on the withdrawal page, as a withdrawal is.
    refunds: (links) => links.withdraw,
    contact: (links) => links.feedback,
  },
});
