import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The client a rate limit counts for an address. An IPv6 client is its /64: that is what one
 * subscriber, one LAN or one virtual machine gets, and any host of it can take any of its 2^64
 * addresses, so counting addresses one by one would give it unlimited buckets. An IPv4-mapped IPv6
 * address (`::ffff:198.51.100.7`, what a dual-stack socket reports) is its IPv4 address. Anything
 * that is not an address (a test's made-up value) is its own bucket.
 */
export function addressBucket(ip: string): string {
  if (net.isIP(ip.replace(/%.*$/, '')) !== 6) return ip;
  let address: ipaddr.IPv6;
  try {
    address = ipaddr.IPv6.parse(ip);
  } catch {
    return ip;
  }
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}
