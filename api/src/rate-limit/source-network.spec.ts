import { sourceNetworkOf } from './source-network.js';

describe('sourceNetworkOf: what the limits count a caller by', () => {
  it('is an IPv4 address itself, also when written as IPv6', () => {
    expect(sourceNetworkOf('192.0.2.10')).toBe('192.0.2.10');
    expect(sourceNetworkOf('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(sourceNetworkOf('::ffff:c000:20a')).toBe('192.0.2.10');
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    expect(sourceNetworkOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(network);
    expect(sourceNetworkOf('2001:0db8:85a3:08d3::1')).toBe(network);
    expect(sourceNetworkOf('2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff')).toBe(network);
    expect(sourceNetworkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceNetworkOf('2001:db8:85a3:8d4::1')).not.toBe(network);
    expect(sourceNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceNetworkOf('::')).toBe('0:0:0:0::/64');
    expect(sourceNetworkOf('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(sourceNetworkOf('unknown')).toBe('unknown');
  });
});
