import type { Request, Response } from 'express';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Sends one event (`event:` name, JSON `data:`); nothing once the stream is closed. */
  send(event: string, data: unknown): void;
  /** Ends the response and runs the clean-ups; safe to call more than once. */
  close(): void;
  /** Work to undo when the stream closes, by close() or because the client left. */
  onClose(cleanup: () => void): void;
}

/** Opens a Server-Sent Events response: the headers, a heartbeat, and clean-up when either side ends it. */
export function openEventStream(req: Request, res: Response): EventStream {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform keeps the compression middleware from buffering the stream.
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  let open = true;
  const cleanups: Array<() => void> = [];
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  function close(): void {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    for (const cleanup of cleanups.splice(0)) cleanup();
    res.end();
  }
  req.on('close', close);
  return {
    send(event, data) {
      if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
    onClose(cleanup) {
      if (open) cleanups.push(cleanup);
      else cleanup();
    },
  };
}
