import { readVisit } from './visit.js';

describe('readVisit', () => {
  it('reads every parameter a partner link can carry', () => {
    const visit = readVisit('?id=cap_live&ref=leaflet-2026&sub=debt&test=true&pip=p-123&portal=true&session=s1&page=3&period=monthly');
    expect(visit).toEqual({
      partnerId: 'cap_live',
      referral: 'leaflet-2026',
      subCategory: 'debt',
      isTest: true,
      pipSessionId: 'p-123',
      isPortal: true,
      session: 's1',
      page: '3',
      period: 'monthly',
    });
  });

  it('treats a visit with no query string as a plain public visit', () => {
    expect(readVisit('')).toEqual({
      partnerId: null,
      referral: null,
      subCategory: null,
      isTest: false,
      pipSessionId: null,
      isPortal: false,
      session: null,
      page: null,
      period: null,
    });
  });

  it('only switches portal and test mode on for the word true', () => {
    expect(readVisit('?portal=1&test=yes')).toMatchObject({ isPortal: false, isTest: false });
    expect(readVisit('?portal=TRUE&test=True')).toMatchObject({ isPortal: true, isTest: true });
  });

  it('ignores a partner id that is not a plain identifier and a period other than weekly or monthly', () => {
    expect(readVisit('?id=<script>&period=yearly')).toMatchObject({ partnerId: null, period: null });
  });

  it('caps free-text values at 100 characters', () => {
    expect(readVisit(`?ref=${'x'.repeat(500)}`).referral).toHaveLength(100);
  });
});
