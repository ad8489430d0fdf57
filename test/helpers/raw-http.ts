import type { RequestListener } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { createHttpServer } from '#server/http/http-server.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The app behind the process's own HTTP server (server/http/http-server.ts) on a loopback port, closed after the test. */
export async function listen(app: RequestListener, options: { headers?: string[] } = {}): Promise<number> {
  const server = createHttpServer(app, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/**
 * Sends bytes exactly as given (a client library would refuse or re-encode odd request lines)
 * and reads the whole answer; the request should carry `Connection: close`.
 */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes the connection after answering (Connection: close).
    const socket = connect(port, '127.0.0.1', () => socket.write(request, 'latin1'));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

/** `GET <path>` with nothing but Host and Connection: close. */
export function rawGet(port: number, path: string, headers: string[] = []): Promise<RawResponse> {
  return rawRequest(
    port,
    [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, 'Connection: close', '', ''].join('\r\n'),
  );
}
