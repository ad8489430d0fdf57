import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long, and how much, the rest of a refused body is still read (and thrown away) once its answer has gone
 * out: long enough for a client on a fair connection to finish sending an upload twice the size of the largest
 * limit, short enough that a client trickling bytes holds nothing for long.
 */
export const LINGER_LIMITS: LingerLimits = { ms: 10_000, bytes: 64 * 1024 * 1024 };

export interface LingerLimits {
  /** Milliseconds from the answer to the close, at most. */
  ms: number;
  /** Bytes of the body read and dropped, at most. */
  bytes: number;
}

/**
 * nginx's lingering close for Node's HTTP server. A request refused while its body is still arriving (a 413 for
 * an upload past its limit) is answered at once, but a connection closed with unread bytes in it is reset by
 * the kernel, and a client still writing its body (undici's fetch, http.request) then fails with EPIPE or
 * ECONNRESET before it reads the answer. So:
 * - a 413 sent while the body is still arriving says `Connection: close` (nothing more will be read after the
 *   rest of the body, and keep-alive would read an endless body for ever);
 * - when Node then closes such a connection, it half-closes instead: the answer and a FIN go out, the rest of
 *   the body is read and discarded, and the connection closes once the body has arrived, the client closes,
 *   or `limits` run out (then it is simply destroyed, as before).
 */
export function lingeringClose(limits: LingerLimits = LINGER_LIMITS): {
  /** Called with each request before the app sees it. */
  request(req: IncomingMessage, res: ServerResponse): void;
  /** Called with each new connection (the server's 'connection' event). */
  connection(socket: Socket): void;
} {
  const requests = new WeakMap<Socket, IncomingMessage>();
  return {
    request(req, res) {
      requests.set(req.socket, req);
      closeAfterRefusal(req, res);
    },
    connection(socket) {
      const destroySoon = socket.destroySoon.bind(socket);
      // Node calls destroySoon once the last answer on a `Connection: close` connection is written.
      socket.destroySoon = () => {
        const req = requests.get(socket);
        if (!req || req.complete || socket.destroyed) return destroySoon();
        drainThenClose(socket, req, limits);
      };
    },
  };
}

/** A 413 answered before the body has arrived closes the connection (after draining it: lingeringClose). */
function closeAfterRefusal(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 413 && !req.complete) this.setHeader('Connection', 'close');
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];
}

export function drainThenClose(socket: Socket, req: IncomingMessage, limits: LingerLimits): void {
  socket.end();
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, limits.ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Whoever read the body has stopped (a parser past its limit pauses it): from here on it is counted and dropped.
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) close();
  });
  req.once('end', close);
  req.resume();
}
