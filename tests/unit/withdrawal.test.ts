import { describe, expect, it } from 'vitest';
import { createOrderRequestSchema } from '../../src/domain/api-schemas';
import { WAIVER_CLOCK_WINDOW_S, waiverRecordedAt, waiverRequired } from '../../src/domain/withdrawal';

describe('the withdrawal waiver', () => {
  it('is asked of buyers in the EEA, the UK and Switzerland only', () => {
    for (const country of ['FR', 'de', 'IE', 'SE', 'NO', 'IS', 'LI', 'GB', 'CH', 'RE', 'AX']) expect(waiverRequired(country), country).toBe(true);
    for (const country of ['US', 'CA', 'JP', 'KR', 'AU', 'TR', 'MC', 'IM', 'BR']) expect(waiverRequired(country), country).toBe(false);
    expect(waiverRequired(null)).toBe(false);
    expect(waiverRequired(undefined)).toBe(false);
    expect(waiverRequired('')).toBe(false);
  });

  it('keeps the buyer’s tick time when it is plausible, else records the edge’s', () => {
    const now = 1_800_000_000;
    expect(waiverRecordedAt(now - 30, now)).toBe(now - 30);
    expect(waiverRecordedAt(now - WAIVER_CLOCK_WINDOW_S, now)).toBe(now - WAIVER_CLOCK_WINDOW_S);
    expect(waiverRecordedAt(now - WAIVER_CLOCK_WINDOW_S - 1, now)).toBe(now);
    expect(waiverRecordedAt(now + 1, now)).toBe(now);
  });

  it('travels in the order creation payload, optional in the contract', () => {
    const base = { product_id: 81902, currency: 'eur', email: 'A@Example.com', common: { app_id: 81, lang: 'fr-FR' } };
    expect(createOrderRequestSchema.parse(base)).not.toHaveProperty('withdrawal_waiver');
    const waiver = { accepted: true, accepted_at: 1_800_000_000, text: '  Je demande la livraison immédiate. Je reconnais perdre mon droit de rétractation.  ' };
    expect(createOrderRequestSchema.parse({ ...base, withdrawal_waiver: waiver }).withdrawal_waiver).toEqual({ ...waiver, text: waiver.text.trim() });
    for (const bad of [{ ...waiver, accepted: false }, { ...waiver, text: ' ' }, { ...waiver, accepted_at: 1.5 }, { accepted: true, text: 'x' }, 'yes']) {
      expect(createOrderRequestSchema.safeParse({ ...base, withdrawal_waiver: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
