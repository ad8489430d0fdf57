import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { openTunnel } from './proxy.ts';
import type { ResolvedTarget } from './target.ts';
import { FetchError } from './errors.ts';

export interface HopRequest {
  target: ResolvedTarget;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  signal: AbortSignal;
  /** Send through this HTTP(S) proxy (a CONNECT tunnel to the checked address). */
  proxy?: URL;
  /** Trusted instead of the system roots (tests' loopback TLS fixture only). */
  ca?: string | Buffer;
  /**
   * The kept-alive agent for this checked target (ConnectionPool.agentFor), or none: a new connection,
   * closed after the answer. Ignored through a proxy: every hop gets its own tunnel.
   */
  agent?: http.Agent;
}

/** The socket may only ever reach the address that was checked: no second DNS lookup. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME_MISMATCH|ERR_CERT|EPROTO$)/;

/** Why a secure connection failed, in plain words: the code itself is never shown to people. */
function tlsReason(code: string): string {
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_'))
    return 'the server did not answer in TLS (it may serve only http://)';
  if (code === 'CERT_HAS_EXPIRED') return 'its certificate has expired';
  if (code === 'CERT_NOT_YET_VALID') return 'its certificate is not valid yet';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH')
    return 'its certificate is for a different host name';
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN')
    return 'its certificate is self-signed';
  return 'its certificate is not valid';
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection unexpectedly',
  ECONNABORTED: 'closed the connection unexpectedly',
  EPIPE: 'closed the connection unexpectedly',
  EHOSTUNREACH: 'is unreachable',
  ENETUNREACH: 'is unreachable',
  EHOSTDOWN: 'is unreachable',
  ENETDOWN: 'is unreachable',
  ETIMEDOUT: 'did not answer in time',
  ENOTFOUND: 'could not be found (no such domain)',
  EAI_AGAIN: 'could not be found (the domain lookup failed)',
  HPE_INVALID_CONSTANT: 'sent an invalid HTTP response',
  HPE_HEADER_OVERFLOW: 'sent response headers that are too large',
};

/** A socket, TLS or HTTP parser failure as a FetchError whose message has plain words only. */
export function describeNetworkError(error: unknown, url: string): FetchError {
  const code = (error as NodeJS.ErrnoException)?.code ?? '';
  const host = new URL(url).host;
  if (TLS_CODES.test(code)) {
    return new FetchError('tls', `The secure connection (TLS) to ${host} failed: ${tlsReason(code)}.`, {
      url,
      systemCode: code,
    });
  }
  const reason =
    NETWORK_REASONS[code] ??
    (code.startsWith('HPE_')
      ? 'sent an invalid HTTP response'
      : 'could not be reached (the network connection failed)');
  return new FetchError('network', `${host} ${reason}.`, { url, systemCode: code || undefined });
}

/** A kept-alive socket the server had closed meanwhile: the request never reached it. */
class ReusedSocketClosed extends Error {
  constructor(readonly original: unknown) {
    super('The reused connection was closed by the server.');
  }
}

const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** One exchange over `agent` (false: a connection of its own). */
async function exchange(request: HopRequest, agent: http.Agent | false): Promise<http.IncomingMessage> {
  const { target } = request;
  const isHttps = target.url.protocol === 'https:';
  const hostname = target.url.hostname.replace(/^\[|\]$/g, '');
  const servername =
    target.url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname) ? undefined : hostname;
  const tunnel = request.proxy ? await openTunnel(request.proxy, target, request.signal) : undefined;
  const options: https.RequestOptions = {
    protocol: target.url.protocol,
    host: hostname,
    port: target.url.port || (isHttps ? 443 : 80),
    path: `${target.url.pathname}${target.url.search}`,
    method: request.method,
    headers: request.headers,
    lookup: pinnedLookup(target.address, target.family),
    // Node hands a request with an agent (even `false`, a one-off agent) to net.connect and ignores
    // createConnection: the tunnel's requests take none, so they do go through it.
    agent: tunnel ? undefined : agent,
    signal: request.signal,
    // SNI must carry the host name, never an IP literal.
    servername,
    ...(request.ca === undefined ? {} : { ca: request.ca }),
  };
  if (tunnel) {
    // The request runs inside the proxy's tunnel: TLS (with the real host name) over it for https.
    options.createConnection = () => (isHttps ? tls.connect({ socket: tunnel, servername, ca: request.ca }) : tunnel);
  }
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(options, resolve);
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(req.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? '') ? new ReusedSocketClosed(error) : error),
    );
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/**
 * One HTTP exchange to a checked address; resolves when the response headers arrive. A GET or HEAD
 * whose kept-alive socket the server closed before answering (its idle timeout raced ours) is sent
 * once more, on a new connection: it is not the page's failure.
 */
export async function sendHop(request: HopRequest): Promise<http.IncomingMessage> {
  const agent = request.proxy ? false : (request.agent ?? false);
  try {
    return await exchange(request, agent);
  } catch (error) {
    if (!(error instanceof ReusedSocketClosed)) throw error;
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    if (!idempotent || request.signal.aborted) throw error.original;
    return exchange(request, false);
  }
}
