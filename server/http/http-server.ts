import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { lingeringClose, type LingerLimits } from './lingering-close.ts';

/** Requests whose line and headers together pass this answer 431 (Node's default, stated). */
export const MAX_HEADER_BYTES = 16 * 1024;

interface ClientErrorAnswer {
  status: number;
  reason: string;
  message: string;
}

/** What Node's HTTP parser refused, in words; Node itself answers these with an empty body. */
function answerFor(code: string | undefined): ClientErrorAnswer {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: `The request URL and headers are too large (the limit is ${MAX_HEADER_BYTES / 1024} KB).`,
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' };
  return { status: 400, reason: 'Bad Request', message: 'The request could not be understood.' };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Answers a request the parser rejected before Express could see it. The request line is read
 * from the bytes that failed (when they still hold it) so `/api` callers get JSON and everyone
 * else a small HTML page; both say what was wrong.
 */
export function writeClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Duplex,
  extraHeaders: string[] = [],
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = answerFor(error.code);
  const start = error.rawPacket?.subarray(0, 64).toString('latin1') ?? '';
  const api = /^[A-Z]+ \/api(?:[/?# ]|$)/.test(start);
  const body = api
    ? JSON.stringify({ error: message })
    : `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${reason}</title></head><body><main><h1>${reason}</h1><p>${escapeHtml(message)}</p><p><a href="/">Home page</a></p></main></body></html>`;
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    `Content-Type: ${api ? 'application/json' : 'text/html'}; charset=utf-8`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    ...extraHeaders,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * The process's HTTP server: Express's app plus answers with a body for requests Node refuses on
 * its own (oversized URL or headers, malformed requests), and a lingering close after refusing a body
 * that is still arriving (lingering-close.ts). `headers` go on those answers too
 * (e.g. Strict-Transport-Security), as "Name: value" lines.
 */
export function createHttpServer(
  app: RequestListener,
  options: { headers?: string[]; linger?: LingerLimits } = {},
): Server {
  const linger = lingeringClose(options.linger);
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    linger.request(req, res);
    app(req, res);
  });
  server.on('connection', linger.connection);
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    writeClientError(error, socket, options.headers),
  );
  return server;
}
