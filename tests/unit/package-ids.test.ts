import { describe, expect, it } from 'vitest';
import { codeTableFor, isPlanNumber, PACKAGE_ID_TABLES, packageIdFor, PLAN_NUMBER_OF_KIND, productKind } from '../../src/domain/package-ids';
import { campaignFromQuery } from '../../src/domain/campaign';

describe('package ids', () => {
  it.each([
    [1, 81901],
    [2, 81901],
    [3, 81901],
    [4, 81902],
    [5, 81903],
    [6, 81904],
  ])('maps plan %i to %i through table A', (plan, id) => {
    expect(packageIdFor(plan, 'A')).toBe(id);
  });

  it.each([
    [1, 81801],
    [2, 81801],
    [3, 81801],
    [4, 81802],
    [5, 81803],
    [6, 81904],
  ])('maps plan %i to %i through table B', (plan, id) => {
    expect(packageIdFor(plan, 'B')).toBe(id);
  });

  it('uses table A when no table is named', () => {
    expect(packageIdFor(4)).toBe(81902);
  });

  it('has no product id for a plan number outside 1–6', () => {
    for (const bad of [0, 7, -1, 1.5, Number.NaN]) {
      expect(isPlanNumber(bad)).toBe(false);
      expect(packageIdFor(bad, 'A')).toBeNull();
      expect(packageIdFor(bad, 'B')).toBeNull();
    }
  });

  it('shares only the 3-PC lifetime product between the tables', () => {
    const a = new Set(Object.values(PACKAGE_ID_TABLES.A));
    const shared = Object.values(PACKAGE_ID_TABLES.B).filter((id) => a.has(id));
    expect([...new Set(shared)]).toEqual([81904]);
  });

  it('uses table A by default and table B for a search-ad visitor (a valid isSem)', () => {
    expect(codeTableFor(undefined)).toBe('A');
    expect(codeTableFor(null)).toBe('A');
    expect(codeTableFor(campaignFromQuery('isSem=1').isSem)).toBe('B');
    expect(codeTableFor(campaignFromQuery('isSem=2&from=ad').isSem)).toBe('B');
    // A malformed isSem is dropped by the campaign rules, so it never switches tables.
    expect(codeTableFor(campaignFromQuery('isSem=yes').isSem)).toBe('A');
    expect(codeTableFor(campaignFromQuery('from=ad').isSem)).toBe('A');
  });

  it('knows what each product is, whichever table sold it', () => {
    expect(productKind(81901)).toBe('oneMonth');
    expect(productKind(81801)).toBe('oneMonth');
    expect(productKind(81902)).toBe('oneYear');
    expect(productKind(81802)).toBe('oneYear');
    expect(productKind(81903)).toBe('lifetime');
    expect(productKind(81803)).toBe('lifetime');
    expect(productKind(81904)).toBe('lifetimeMultiPc');
    expect(productKind(12345)).toBeNull();
  });

  it('points each product kind at a plan number of that product in both tables', () => {
    for (const [kind, plan] of Object.entries(PLAN_NUMBER_OF_KIND)) {
      expect(productKind(packageIdFor(plan, 'A')!)).toBe(kind);
      expect(productKind(packageIdFor(plan, 'B')!)).toBe(kind);
    }
  });
});
