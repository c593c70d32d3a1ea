import type { IncomingHttpHeaders } from 'node:http';
import ipaddr from 'ipaddr.js';
import type { Logger } from 'pino';

const NEARBY = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal', 'carrierGradeNat']);

/** Whether the peer is on this machine or its private network: where a reverse proxy would be. */
function nearby(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return NEARBY.has(parsed.range());
}

/**
 * Warns once when requests come through a reverse proxy that TRUST_PROXY does not declare: every
 * visitor then has the proxy's address, so they all share one rate-limit bucket and one call_kw
 * budget, and the first busy visitor slows everyone. Only peers on the machine or its private
 * network count, so a visitor sending the header from outside cannot fill the log.
 */
export function untrustedProxyHint(logger: Logger, trustProxyHops: number): (headers: IncomingHttpHeaders, peer: string | undefined) => void {
  let warned = trustProxyHops > 0;
  return (headers, peer) => {
    if (warned || !headers['x-forwarded-for'] || !nearby(peer)) return;
    warned = true;
    logger.warn({ peer }, 'requests come through a reverse proxy (X-Forwarded-For) but TRUST_PROXY is not set: every visitor shares the proxy\'s address for rate limits and call_kw budgets; set TRUST_PROXY to the number of proxies in front of the server');
  };
}
