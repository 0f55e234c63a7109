import { legalPage } from './LegalPage';

/** /mtdr_privacy.html?lang=en|zh|ja: what we collect, why, and the visitor's rights. */
export const PrivacyPage = legalPage({
  id: 'privacy',
  updated: '2026-11-23',
  sectionLinks: {
    'do-not-sell': (links) => links.doNotSell,
    rights: (links) => links.feedback,
    contact: (links) => links.feedback,
  },
});
