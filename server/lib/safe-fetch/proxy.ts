import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { ResolvedTarget } from './target.ts';
import { FetchError } from './errors.ts';

/**
 * Opens a tunnel through an HTTP(S) proxy with CONNECT (RFC 9110 §9.3.6) to the address the guarded
 * fetcher already checked, never to the host name: the proxy cannot be made to resolve a name to a
 * private address, and every redirect hop gets its own check and its own tunnel. Node's own CONNECT
 * support parses the proxy's answer.
 */
export function openTunnel(proxy: URL, target: ResolvedTarget, signal: AbortSignal): Promise<Socket> {
  const port = target.url.port || (target.url.protocol === 'https:' ? '443' : '80');
  const authority = `${target.family === 6 ? `[${target.address}]` : target.address}:${port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.username || proxy.password) {
    const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const request = (proxy.protocol === 'https:' ? https : http).request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false,
      signal,
    });
    request.once('connect', (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(
        new FetchError(
          'network',
          `The media proxy (MEDIA_PROXY_URL) refused to connect to ${target.url.host} (HTTP ${response.statusCode}).`,
          { url: target.url.href },
        ),
      );
    });
    request.once('response', (response) => {
      // A proxy that answers CONNECT with a normal response did not open a tunnel.
      response.resume();
      reject(
        new FetchError(
          'network',
          `The media proxy (MEDIA_PROXY_URL) refused to connect to ${target.url.host} (HTTP ${response.statusCode}).`,
          { url: target.url.href },
        ),
      );
    });
    request.once('error', (error) => {
      if (signal.aborted) return reject(signal.reason);
      reject(
        new FetchError(
          'network',
          `The media proxy (MEDIA_PROXY_URL) could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
          { url: target.url.href },
        ),
      );
    });
    request.end();
  });
}
