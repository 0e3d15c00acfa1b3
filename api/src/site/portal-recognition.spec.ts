import type { Request, Response } from 'express';
import type { PartnerDefinition, SiteConfig } from '../../../common/site.js';
import { recognisePortal, siteConfigFor } from './portal-recognition.js';

const partner = (id: string, origins: string[]) => ({ id, origins }) as PartnerDefinition;
const site = {
  partners: { cap_live: partner('cap_live', ['https://www.cap.example']), dfl_live: partner('dfl_live', ['https://www.dfl.example']) },
} as unknown as SiteConfig;

/** A page request to the calculator at https://calculator.example, with the headers a browser sends. */
function pageRequest(url: string, headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    url,
    protocol: 'https',
    get: (name: string) => (name.toLowerCase() === 'host' ? 'calculator.example' : lower[name.toLowerCase()]),
  } as Request;
}

const FRAMED_BY_CAP = { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://www.cap.example/' };

describe('recognisePortal', () => {
  it('recognises the partner whose own page frames the calculator', () => {
    expect(recognisePortal(pageRequest('/survey?portal=true&id=cap_live', FRAMED_BY_CAP), site)).toEqual({ partnerId: 'cap_live' });
  });

  it('keeps recognising it as the visitor moves on inside the frame (the Referer is our own page)', () => {
    const next = { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://calculator.example/survey/2/abc?portal=true&id=cap_live' };
    expect(recognisePortal(pageRequest('/survey/3/abc?portal=true&id=cap_live', next), site)).toEqual({ partnerId: 'cap_live' });
    // Behind a proxy that gives the server another Host, the browser's Sec-Fetch-Site still says the page was ours.
    const proxied = { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin', Referer: 'https://public.example/survey/2/abc' };
    expect(recognisePortal(pageRequest('/survey/3/abc?portal=true&id=cap_live', proxied), site)).toEqual({ partnerId: 'cap_live' });
  });

  it('does not recognise the query string alone: opened in a tab, framed by another partner or another site', () => {
    const url = '/survey?portal=true&id=cap_live';
    expect(recognisePortal(pageRequest(url, { 'Sec-Fetch-Dest': 'document' }), site)).toBeNull();
    expect(recognisePortal(pageRequest(url, { Referer: 'https://www.cap.example/' }), site)).toBeNull();
    expect(recognisePortal(pageRequest(url, { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://www.dfl.example/' }), site)).toBeNull();
    expect(recognisePortal(pageRequest(url, { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://evil.example/' }), site)).toBeNull();
    expect(recognisePortal(pageRequest(url, { 'Sec-Fetch-Dest': 'iframe', Referer: 'not a url' }), site)).toBeNull();
  });

  it('recognises nothing without portal=true or for a partner that is not ours', () => {
    expect(recognisePortal(pageRequest('/survey?id=cap_live', FRAMED_BY_CAP), site)).toBeNull();
    expect(recognisePortal(pageRequest('/survey?portal=true&id=nobody_live', FRAMED_BY_CAP), site)).toBeNull();
  });
});

describe('siteConfigFor', () => {
  function response(policy: string) {
    const headers = new Map<string, string>([['Content-Security-Policy', policy]]);
    const varied: string[] = [];
    const fake = {
      getHeader: (name: string) => headers.get(name),
      setHeader: (name: string, value: string) => headers.set(name, value),
      vary: (name: string) => varied.push(name),
    } as unknown as Response;
    return { fake, headers, varied };
  }
  const POLICY = "default-src 'self'; frame-ancestors 'self' https://www.cap.example https://www.dfl.example; object-src 'none'";
  const passes = { issue: (partnerId: string) => `pass for ${partnerId}` };

  it('lets only the recognised partner’s pages frame its portal, and gives the page a portal pass for it', () => {
    const { fake, headers, varied } = response(POLICY);
    expect(siteConfigFor(pageRequest('/?portal=true&id=cap_live', FRAMED_BY_CAP), fake, site, passes).portal).toEqual({
      partnerId: 'cap_live',
      pass: 'pass for cap_live',
    });
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; frame-ancestors 'self' https://www.cap.example; object-src 'none'",
    );
    expect(varied).toEqual(['Sec-Fetch-Dest', 'Referer']);
  });

  it('leaves every other page’s policy as it is, with no portal and no pass', () => {
    const { fake, headers } = response(POLICY);
    expect(siteConfigFor(pageRequest('/?portal=true&id=cap_live', { 'Sec-Fetch-Dest': 'document' }), fake, site, passes).portal).toBeNull();
    expect(headers.get('Content-Security-Policy')).toBe(POLICY);
  });
});
