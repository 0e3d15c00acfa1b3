// The library's own address normalising, from its file: the package's index also loads its guard, CommonJS that
// requires the ES-module-only NestJS 12, which Jest cannot load on Node before 24.9.
import { normalizeIp } from '@nestjs/throttler/dist/ip.js';
import type { Request } from 'express';
import { isIP } from 'node:net';

// The same few addresses ask again and again (each request asks two or three times): normalising one is a few
// microseconds of string work each time, so the answers are remembered.
const NORMALISED = new Map<string, string>();
const MAX_NORMALISED = 10_000;

/**
 * Whom a per-address limit counts: the request's source address as express sees it (the connection's peer, or,
 * with TRUST_PROXY, the client the trusted proxies name in X-Forwarded-For). An IPv6 address counts per /64, the
 * block one household or phone is given, since changing the last 64 bits costs nothing; an IPv4-mapped IPv6
 * address (::ffff:203.0.113.5, how a dual-stack server sees IPv4 clients) counts as the IPv4 address.
 */
export function sourceAddressOf(request: Pick<Request, 'ip' | 'socket'>): string {
  const address = request.ip ?? request.socket?.remoteAddress ?? 'unknown';
  let normalised = NORMALISED.get(address);
  if (normalised === undefined) {
    // Bounded: a flood of new addresses only starts the memo again.
    if (NORMALISED.size >= MAX_NORMALISED) NORMALISED.clear();
    normalised = normalizeIp(address, 64);
    NORMALISED.set(address, normalised);
  }
  return normalised;
}

const TRUST_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export const TRUST_PROXY_RULE =
  'TRUST_PROXY must be the proxies in front of the server: loopback, linklocal, uniquelocal, addresses or subnets (10.0.0.0/8), comma-separated, or a number of proxies from 1 to 10; unset when clients connect directly.';

/** Whether TRUST_PROXY is a value express's 'trust proxy' setting takes, short of trusting everyone. */
export function isTrustProxyValue(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every((entry) => TRUST_NAMES.includes(entry) || isAddressOrSubnet(entry));
}

/**
 * Express's 'trust proxy' setting for TRUST_PROXY: unset, none (the connection's peer is the client, and
 * X-Forwarded-For is ignored, as a client can write anything in it); a number, that many proxies; else the list.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
