import { lookup as dnsLookup } from 'node:dns/promises';
import { classifyAddress, isIpLiteral } from './address-policy.ts';
import { FetchError } from './errors.ts';

export interface ResolvedTarget {
  url: URL;
  /** The checked address the socket must connect to. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Parses and checks a URL's shape. WHATWG URL normalises 2130706433, 0x7f000001 and 127.1 to 127.0.0.1. */
export function parseTargetUrl(input: string | URL, fromRedirect = false, base?: string): URL {
  let url: URL;
  try {
    url = new URL(String(input), base);
  } catch {
    throw new FetchError(
      'invalid-url',
      fromRedirect
        ? `The site redirected to an invalid URL: ${String(input).slice(0, 200)}`
        : 'Please enter a valid URL (for example https://example.com/).',
      { fromRedirect },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(
      'unsupported-protocol',
      `Only http and https URLs can be fetched (got ${url.protocol.replace(/:$/, '')}).`,
      { url: url.href, fromRedirect },
    );
  }
  if (url.username || url.password) {
    throw new FetchError('credentials', 'URLs containing a username or password are not allowed.', {
      url: url.href,
      fromRedirect,
    });
  }
  if (!url.hostname)
    throw new FetchError('invalid-url', 'Please enter a valid URL with a host name.', { fromRedirect });
  return url;
}

function forbidden(url: URL, address: string): FetchError {
  return new FetchError(
    'forbidden-address',
    `${url.hostname} points to a private or reserved network address (${address}); only public websites can be checked.`,
    { url: url.href },
  );
}

/**
 * The guard's refusal of a URL whose host is an IP address it never connects to, or null. A literal
 * is judged without any lookup, so a caller can refuse it before queueing work; a name is judged when
 * it is resolved (resolveTarget), as it may resolve differently later.
 */
export function literalRefusal(url: URL, allowPrivate: ReadonlySet<string>): FetchError | null {
  const hostname = url.hostname.toLowerCase();
  if (!isIpLiteral(hostname) || allowPrivate.has(`${hostname}:${defaultPort(url)}`)) return null;
  const bare = hostname.replace(/^\[|\]$/g, '');
  return classifyAddress(bare).allowed ? null : forbidden(url, bare);
}

/**
 * Resolves the host and checks every address it resolves to; one bad address refuses the
 * whole host (an attacker controls which record a client would pick). `allowPrivate` host:port
 * entries are the only way past the check.
 */
export async function resolveTarget(
  url: URL,
  allowPrivate: ReadonlySet<string>,
  resolver: Resolver,
): Promise<ResolvedTarget> {
  const hostname = url.hostname.toLowerCase();
  const bare = hostname.replace(/^\[|\]$/g, '');
  const exempt = allowPrivate.has(`${hostname}:${defaultPort(url)}`);
  if (isIpLiteral(hostname)) {
    const refusal = literalRefusal(url, allowPrivate);
    if (refusal) throw refusal;
    return { url, address: bare, family: bare.includes(':') ? 6 : 4 };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolver(bare);
  } catch {
    throw new FetchError('dns', `Could not find the site ${bare} (DNS lookup failed).`, { url: url.href });
  }
  if (addresses.length === 0)
    throw new FetchError('dns', `Could not find the site ${bare} (no addresses).`, { url: url.href });
  if (!exempt) {
    for (const entry of addresses) if (!classifyAddress(entry.address).allowed) throw forbidden(url, entry.address);
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
