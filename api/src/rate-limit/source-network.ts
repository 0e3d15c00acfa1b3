import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a request came from, as the limits count it: an IPv4 address as it is, and an IPv6 address by its
 * /64 (the part one household or office is given: a single IPv6 connection has 2^64 addresses to hop between, so
 * counting whole addresses would count nothing). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a
 * dual-stack server sees IPv4 callers) is the IPv4 address. Anything else is counted as given.
 */
export function sourceNetworkOf(address: string): string {
  const withoutZone = address.replace(/%.*$/, '');
  if (isIPv4(withoutZone)) return withoutZone;
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const read = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = read(head);
  const after = read(tail);
  const missing = tail === undefined ? 0 : 8 - before.length - after.length;
  return [...before, ...new Array<number>(missing).fill(0), ...after];
}
