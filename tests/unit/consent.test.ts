import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  CONSENT_COUNTRIES,
  consentModeSignals,
  consentPage,
  consentReducer,
  consentRequired,
  debugTagIds,
  grantedPurposes,
  needsBanner,
  parseConsent,
  REJECT_ALL,
  serializeConsent,
  tagsForConsent,
  type ConsentState,
} from '../../src/domain/consent';

const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];

describe('who is asked', () => {
  it('asks every EU member, the rest of the EEA, the UK and Switzerland', () => {
    expect(EU).toHaveLength(27);
    for (const country of [...EU, 'IS', 'LI', 'NO', 'GB', 'CH']) expect(consentRequired(country), country).toBe(true);
  });

  it('asks the EU outermost regions reported under their own codes', () => {
    for (const country of ['GF', 'GP', 'MQ', 'RE', 'YT', 'MF', 'AX']) expect(consentRequired(country), country).toBe(true);
  });

  it('asks a visitor whose country is unknown', () => {
    expect(consentRequired(null)).toBe(true);
    expect(consentRequired(undefined)).toBe(true);
    expect(consentRequired('')).toBe(true);
  });

  it('does not ask elsewhere', () => {
    for (const country of ['US', 'CA', 'JP', 'SG', 'HK', 'CN', 'BR', 'AU', 'IN', 'TR', 'RU', 'UA', 'RS']) expect(consentRequired(country), country).toBe(false);
  });

  it('reads codes in any case, and the list holds only ISO alpha-2 codes', () => {
    expect(consentRequired('fr')).toBe(true);
    for (const code of CONSENT_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(CONSENT_COUNTRIES.size).toBe(27 + 7 + 3 + 2);
  });
});

describe('the stored choice', () => {
  it.each([
    [ACCEPT_ALL, 'v1.1.1'],
    [REJECT_ALL, 'v1.0.0'],
    [{ analytics: true, ads: false }, 'v1.1.0'],
    [{ analytics: false, ads: true }, 'v1.0.1'],
  ])('%o is kept as %s and read back', (choice, value) => {
    expect(serializeConsent(choice)).toBe(value);
    expect(parseConsent(value)).toEqual(choice);
  });

  it.each([null, undefined, '', 'v1', 'v1.1', 'v1.1.1.1', 'v2.1.1', 'v1.2.0', 'yes', 'v1.1.1;x', '<script>'])('%j is no choice', (value) => {
    expect(parseConsent(value)).toBeNull();
  });
});

describe('the consent state machine', () => {
  const asked: ConsentState = { required: true, choice: null };
  const notAsked: ConsentState = { required: false, choice: null };
  const privacyFree = { optedOut: false, gpc: false };

  it('starts with no choice: the banner is open and nothing is granted for an asked visitor', () => {
    expect(needsBanner(asked)).toBe(true);
    expect(grantedPurposes(asked, privacyFree)).toEqual(REJECT_ALL);
  });

  it('keeps the behaviour before consent for a visitor who is not asked', () => {
    expect(needsBanner(notAsked)).toBe(false);
    expect(grantedPurposes(notAsked, privacyFree)).toEqual(ACCEPT_ALL);
  });

  it('accept all grants both purposes and closes the banner', () => {
    const state = consentReducer(asked, { type: 'accept-all' });
    expect(state).toEqual({ required: true, choice: ACCEPT_ALL });
    expect(needsBanner(state)).toBe(false);
    expect(grantedPurposes(state, privacyFree)).toEqual(ACCEPT_ALL);
  });

  it('reject all grants nothing, here and for a visitor who is not asked but chose', () => {
    expect(grantedPurposes(consentReducer(asked, { type: 'reject-all' }), privacyFree)).toEqual(REJECT_ALL);
    expect(grantedPurposes(consentReducer(notAsked, { type: 'reject-all' }), privacyFree)).toEqual(REJECT_ALL);
  });

  it('settings grant each purpose separately', () => {
    const analyticsOnly = consentReducer(asked, { type: 'save', analytics: true, ads: false });
    expect(grantedPurposes(analyticsOnly, privacyFree)).toEqual({ analytics: true, ads: false });
    const adsOnly = consentReducer(analyticsOnly, { type: 'save', analytics: false, ads: true });
    expect(grantedPurposes(adsOnly, privacyFree)).toEqual({ analytics: false, ads: true });
  });

  it('a reset (expired choice) asks again', () => {
    const state = consentReducer(consentReducer(asked, { type: 'accept-all' }), { type: 'reset' });
    expect(needsBanner(state)).toBe(true);
    expect(grantedPurposes(state, privacyFree)).toEqual(REJECT_ALL);
  });

  it('the do-not-sell opt-out and GPC win over any consent', () => {
    for (const state of [consentReducer(asked, { type: 'accept-all' }), notAsked, consentReducer(notAsked, { type: 'accept-all' })]) {
      expect(grantedPurposes(state, { optedOut: true, gpc: false })).toEqual(REJECT_ALL);
      expect(grantedPurposes(state, { optedOut: false, gpc: true })).toEqual(REJECT_ALL);
    }
  });

  it('never mutates the state it is given', () => {
    const state: ConsentState = { required: true, choice: null };
    consentReducer(state, { type: 'accept-all' });
    expect(state.choice).toBeNull();
  });
});

describe('Consent Mode v2 and the tags', () => {
  it('maps the purposes onto the four signals', () => {
    expect(consentModeSignals(REJECT_ALL)).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
    expect(consentModeSignals(ACCEPT_ALL)).toEqual({ ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' });
    expect(consentModeSignals({ analytics: true, ads: false })).toEqual({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' });
  });

  const ids = { gtm: 'GTM-AB12CD', ads: 'AW-123456789', uet: '12345678' };

  it('loads nothing without consent, and Bing only with advertising consent and isSem 2', () => {
    expect(tagsForConsent(ids, REJECT_ALL, '2')).toEqual({});
    expect(tagsForConsent(ids, { analytics: true, ads: false }, '2')).toEqual({ gtm: ids.gtm });
    expect(tagsForConsent(ids, { analytics: false, ads: true }, '2')).toEqual(ids);
    expect(tagsForConsent(ids, ACCEPT_ALL, '1')).toEqual({ gtm: ids.gtm, ads: ids.ads });
    expect(tagsForConsent(ids, ACCEPT_ALL)).toEqual({ gtm: ids.gtm, ads: ids.ads });
  });
});

describe('the page variant the edge renders', () => {
  it('is none outside the asked countries, whatever the cookie', () => {
    expect(consentPage('US', null, false)).toBe('none');
    expect(consentPage('JP', 'v1.0.0', true)).toBe('none');
  });

  it('is banner for an asked visitor without a choice, decided with one or with GPC', () => {
    expect(consentPage('FR', null, false)).toBe('banner');
    expect(consentPage(null, 'garbage', false)).toBe('banner');
    expect(consentPage('GB', 'v1.1.0', false)).toBe('decided');
    expect(consentPage('CH', null, true)).toBe('decided');
  });
});

describe('fake tag ids (outside production)', () => {
  it('reads each id by its shape and drops malformed ones', () => {
    expect(debugTagIds('GTM-E2ETEST, AW-123456789 ,1234567')).toEqual({ gtm: 'GTM-E2ETEST', ads: 'AW-123456789', uet: '1234567' });
    expect(debugTagIds('GTM-"><x,AW-1,abc')).toEqual({});
    expect(debugTagIds(null)).toBeNull();
    expect(debugTagIds('')).toBeNull();
  });
});
