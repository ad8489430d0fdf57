import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js range name (or our own label) explaining the verdict. */
  range: string;
}

// IPv6 forms that carry an IPv4 address inside: the embedded address decides.
const EMBEDS_IPV4_LOW32 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);

/** 2000::/3 is the only IPv6 space handed out as global unicast; everything else is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function classifyV4(address: ipaddr.IPv4): AddressVerdict {
  const range = address.range();
  return { allowed: range === 'unicast', range };
}

function embeddedV4(bytes: number[], offset: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes.slice(offset, offset + 4));
}

function classifyV6(address: ipaddr.IPv6): AddressVerdict {
  const range = address.range();
  const bytes = address.toByteArray();
  if (EMBEDS_IPV4_LOW32.has(range)) {
    const inner = classifyV4(embeddedV4(bytes, 12));
    return { allowed: inner.allowed, range: `${range}:${inner.range}` };
  }
  if (range === '6to4') {
    const inner = classifyV4(embeddedV4(bytes, 2));
    return { allowed: inner.allowed, range: `6to4:${inner.range}` };
  }
  // IPv4-compatible (::a.b.c.d, deprecated) slips past ipaddr's named ranges.
  if (bytes.slice(0, 12).every((byte) => byte === 0)) return { allowed: false, range: 'ipv4Compatible' };
  if (range !== 'unicast') return { allowed: false, range };
  if (!address.match(GLOBAL_UNICAST_V6)) return { allowed: false, range: 'notGlobalUnicast' };
  return { allowed: true, range };
}

/**
 * Decides whether a literal IP address may be fetched. Only public unicast space passes:
 * teredo, documentation, benchmarking, site-local, ORCHID and the like are all refused.
 * Unparseable input is refused too (never guessed at).
 */
export function classifyAddress(literal: string): AddressVerdict {
  const text = literal.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return { allowed: false, range: 'invalid' };
  // ipaddr.parse accepts classful shorthands ("127.1"); parse4/6 strictness is not needed
  // because WHATWG URL has already normalised hostnames before we get here.
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv4' ? classifyV4(address as ipaddr.IPv4) : classifyV6(address as ipaddr.IPv6);
}

export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}
