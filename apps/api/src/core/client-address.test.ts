import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('keeps a valid IPv4 address and unwraps IPv4-mapped IPv6', () => {
    expect(clientAddress('203.0.113.7', '10.0.0.1')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', undefined)).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64', () => {
    expect(clientAddress('2001:db8:1:2:aaaa::1', undefined)).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee', undefined)).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1', undefined)).toBe('2001:db8:0:0::/64');
  });

  it('falls back to the socket peer when the resolved address is not an IP address', () => {
    expect(clientAddress('not-an-ip', '10.0.0.1')).toBe('10.0.0.1');
    expect(clientAddress("1.2.3.4' OR 1=1", '10.0.0.2')).toBe('10.0.0.2');
    expect(clientAddress(undefined, undefined)).toBe('unknown');
  });
});
