import { describe, expect, it } from '@jest/globals';
import { dependsOnRightToReside, rightToResideNotice } from './right-to-reside.js';

describe('rightToResideNotice', () => {
  it('is null when nobody has pre-settled status or is not sure', () => {
    expect(rightToResideNotice({ ClientImmigrationStatus: 'BritishOrIrish' })).toBeNull();
    expect(rightToResideNotice({ ClientImmigrationStatus: 'SettledStatus', PartnerImmigrationStatus: 'RefugeeOrProtection' })).toBeNull();
    expect(rightToResideNotice({})).toBeNull();
  });

  it('says whose right to reside the figures depend on, and whether the answer was not sure', () => {
    expect(rightToResideNotice({ ClientImmigrationStatus: 'PreSettledStatus' })).toEqual({ who: 'YOU', notSure: false });
    expect(rightToResideNotice({ ClientImmigrationStatus: 'NotSure' })).toEqual({ who: 'YOU', notSure: true });
    expect(rightToResideNotice({ ClientImmigrationStatus: 'BritishOrIrish', PartnerImmigrationStatus: 'PreSettledStatus' })).toEqual({
      who: 'YOUR_PARTNER',
      notSure: false,
    });
    expect(rightToResideNotice({ ClientImmigrationStatus: 'PreSettledStatus', PartnerImmigrationStatus: 'NotSure' })).toEqual({
      who: 'BOTH',
      notSure: true,
    });
  });
});

describe('dependsOnRightToReside', () => {
  it("marks every benefit that needs one when it is the claimant's right to reside", () => {
    const notice = { who: 'YOU', notSure: false } as const;
    expect(dependsOnRightToReside(notice, 'UNIVERSAL_CREDIT', true)).toBe(true);
    expect(dependsOnRightToReside(notice, 'CHILD_BENEFIT', true)).toBe(true);
    expect(dependsOnRightToReside(notice, 'PIP', false)).toBe(false);
    expect(dependsOnRightToReside(null, 'UNIVERSAL_CREDIT', true)).toBe(false);
  });

  it("marks Universal Credit alone when it is only the partner's (without one the claim would be a single person's)", () => {
    const notice = { who: 'YOUR_PARTNER', notSure: false } as const;
    expect(dependsOnRightToReside(notice, 'UNIVERSAL_CREDIT', true)).toBe(true);
    expect(dependsOnRightToReside(notice, 'CHILD_BENEFIT', true)).toBe(false);
    expect(dependsOnRightToReside(notice, 'COUNCIL_TAX_REDUCTION', true)).toBe(false);
  });
});
