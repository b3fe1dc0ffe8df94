import { isIP } from 'node:net';

/**
 * The address a throttle counts for a request: `ip` as Fastify resolved it (the socket's peer, or a
 * forwarded address when TRUST_PROXY trusts the peer), checked to be an IP address, else the socket's
 * own peer. IPv4-mapped IPv6 is written as IPv4; other IPv6 addresses count per /64, the block one
 * subscriber gets, so rotating through one's own block does not escape a limit.
 */
export function clientAddress(ip: string | undefined, socketAddress: string | undefined): string {
  const address = [ip, socketAddress].find((candidate): candidate is string => candidate !== undefined && isIP(candidate) !== 0) ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => (parseInt(group, 16) || 0).toString(16));
}
