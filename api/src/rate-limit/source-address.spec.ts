import express from 'express';
import { sourceAddressOf, trustProxySetting } from './source-address.js';
import { parseRouteLimit, startsCalculation } from './route-limits.js';

const from = (ip: string | undefined) => sourceAddressOf({ ip, socket: { remoteAddress: '192.0.2.99' } } as never);

describe('sourceAddressOf', () => {
  it('counts an IPv4 address as it is, and an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(from('203.0.113.5')).toBe('203.0.113.5');
    expect(from('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(from('::FFFF:cb00:7105')).toBe('203.0.113.5');
  });

  it('counts an IPv6 address per /64, however it is written', () => {
    const household = from('2001:db8:1:2::1');
    expect(household).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::1%eth0'])
      expect(from(same)).toBe(household);
    expect(from('2001:db8:1:3::1')).not.toBe(household);
    expect(from('::1')).toBe('::1');
  });

  it('falls back to the connection when express has no address', () => {
    expect(from(undefined)).toBe('192.0.2.99');
  });
});

describe("TRUST_PROXY as express's 'trust proxy'", () => {
  it('trusts nobody when unset, a number of proxies, or the named ones', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('makes request.ip the client the trusted proxy names, and ignores X-Forwarded-For from anyone else', () => {
    const ipFor = (setting: ReturnType<typeof trustProxySetting>, peer: string) => {
      const app = express();
      app.set('trust proxy', setting);
      const request = Object.create(app.request, {
        headers: { value: { 'x-forwarded-for': '198.51.100.1' } },
        socket: { value: { remoteAddress: peer } },
        app: { value: app },
      });
      return request.ip as string;
    };
    expect(ipFor(trustProxySetting(undefined), '127.0.0.1')).toBe('127.0.0.1');
    expect(ipFor(trustProxySetting('loopback'), '127.0.0.1')).toBe('198.51.100.1');
    expect(ipFor(trustProxySetting('loopback'), '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('the route limits', () => {
  it('read requests per window', () => {
    expect(parseRouteLimit('120/1m')).toEqual({ limit: 120, windowMs: 60_000 });
    expect(parseRouteLimit('60/10m')).toEqual({ limit: 60, windowMs: 600_000 });
    expect(parseRouteLimit('5/30s')).toEqual({ limit: 5, windowMs: 30_000 });
    expect(parseRouteLimit('1000/1d')).toEqual({ limit: 1000, windowMs: 86_400_000 });
    for (const bad of ['120', '120/m', '0/1m', '1/2d', '1/25h', '1/1w', ' /1m']) expect(parseRouteLimit(bad)).toBeNull();
  });

  it('count a questionnaire POST as a start only when it names no calculation', () => {
    expect(startsCalculation({ body: { session: null, page: 1 } })).toBe(true);
    expect(startsCalculation({ body: { page: 1 } })).toBe(true);
    expect(startsCalculation({ body: { session: '' } })).toBe(true);
    expect(startsCalculation({ body: undefined })).toBe(true);
    expect(startsCalculation({ body: { session: '4b7c1a52-8f0e-4c8e-9a44-1f1d7b0c2e11' } })).toBe(false);
  });
});
