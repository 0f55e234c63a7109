import { legalPage } from './LegalPage';

/** /mtdr_user_agreement.html?lang=en|zh|ja: the end-user licence terms. */
export const AgreementPage = legalPage({
  id: 'agreement',
  updated: '2026-11-01',
  sectionLinks: {
    refunds: (links) => links.feedback,
    contact: (links) => links.feedback,
  },
});
