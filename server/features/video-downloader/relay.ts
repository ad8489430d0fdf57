import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Capacity } from '#server/lib/capacity.ts';
import { BusyError, ExpiredError, NotFoundError, UpstreamError } from '#server/lib/domain-errors.ts';
import { assertUpstreamOk, upstreamFailure, type UpstreamFetcher } from '#server/lib/media/upstream.ts';

/*
 * CDN links (googlevideo, pinimg, cdninstagram) are often bound to the address that asked for them
 * and expire, so the browser gets a link to this app instead and the file is streamed through the
 * guarded fetcher. Links are HMAC-signed tickets naming one file the server itself found, so the
 * endpoint cannot be used as an open proxy, and they expire.
 */
export interface RelayTicket {
  url: string;
  filename: string;
  platform: string;
}

export interface RelayOptions {
  fetcher: UpstreamFetcher;
  /** Where the relay endpoint is mounted, e.g. /api/media/file */
  basePath: string;
  maxBytes: number;
  ttlMs?: number;
  /** The HMAC key, or how to get it on first use (read at start-up): links outlive a restart with the same key. */
  secret?: Buffer | (() => Buffer);
  /**
   * Shared by every visitor: files streaming at once, and the sum of their sizes (a file of
   * unknown size counts as `maxBytes`). Past either, open() refuses with a busy error.
   */
  streams?: Capacity;
  bytesInFlight?: Capacity;
  timeoutMs?: number;
  now?: () => number;
}

export interface RelayedFile {
  body: Readable;
  filename: string;
  contentType: string;
  contentLength?: number;
}

export interface MediaRelay {
  link(ticket: RelayTicket): string;
  /** The ticket a link carries; throws not-found/expired for a forged, garbled or old link. */
  check(token: string): RelayTicket;
  open(ticket: RelayTicket, signal?: AbortSignal): Promise<RelayedFile>;
  maxBytes: number;
}

const EXPIRED = 'This download link has expired or is not valid. Please request a new one.';
export const RELAY_BUSY = 'Too many downloads are running right now. Please try again in a minute.';
const RELAY_RETRY_AFTER_S = 30;

export function createMediaRelay(options: RelayOptions): MediaRelay {
  let secret: Buffer | undefined = Buffer.isBuffer(options.secret) ? options.secret : undefined;
  const key = () => (secret ??= typeof options.secret === 'function' ? options.secret() : randomBytes(32));
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const now = options.now ?? Date.now;
  const sign = (payload: string) => createHmac('sha256', key()).update(payload).digest('base64url');

  function link(ticket: RelayTicket): string {
    const payload = Buffer.from(
      JSON.stringify({ u: ticket.url, f: ticket.filename, p: ticket.platform, e: now() + ttlMs }),
    ).toString('base64url');
    return `${options.basePath}/${payload}.${sign(payload)}`;
  }

  function verify(token: string): RelayTicket {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) throw new NotFoundError(EXPIRED);
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new NotFoundError(EXPIRED);
    let data: { u: string; f: string; p: string; e: number };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
    } catch {
      throw new NotFoundError(EXPIRED);
    }
    if (data.e < now()) throw new ExpiredError(EXPIRED);
    return { url: data.u, filename: data.f, platform: data.p };
  }

  async function open(ticket: RelayTicket, signal?: AbortSignal): Promise<RelayedFile> {
    const limitMb = Math.round(options.maxBytes / (1024 * 1024));
    // The stream slot is taken before anything is fetched; the bytes once the size is known.
    const releaseStream = options.streams ? options.streams.tryTake() : () => undefined;
    if (!releaseStream) throw new BusyError(RELAY_BUSY, RELAY_RETRY_AFTER_S);
    try {
      return await fetchFile(ticket, limitMb, releaseStream, signal);
    } catch (error) {
      releaseStream();
      throw error;
    }
  }

  async function fetchFile(
    ticket: RelayTicket,
    limitMb: number,
    releaseStream: () => void,
    signal?: AbortSignal,
  ): Promise<RelayedFile> {
    let response;
    try {
      response = await options.fetcher.stream(ticket.url, {
        timeoutMs: options.timeoutMs ?? 5 * 60_000,
        maxBytes: options.maxBytes,
        maxRedirects: 5,
        headers: { accept: 'video/mp4,video/*;q=0.9,*/*;q=0.5', 'accept-encoding': 'identity' },
        signal,
      });
    } catch (error) {
      throw upstreamFailure(error, ticket.platform);
    }
    try {
      assertUpstreamOk(
        response.status,
        ticket.platform,
        'The video file is no longer available. Please request a new link.',
      );
    } catch (error) {
      response.body.destroy();
      throw error;
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.body.destroy();
      throw new UpstreamError(`The video file is larger than the ${limitMb} MB limit of this tool.`);
    }
    const contentLength = Number.isFinite(declared) && declared > 0 ? declared : undefined;
    const releaseBytes = options.bytesInFlight
      ? options.bytesInFlight.tryTake(contentLength ?? options.maxBytes)
      : () => undefined;
    if (!releaseBytes) {
      response.body.destroy();
      throw new BusyError(RELAY_BUSY, RELAY_RETRY_AFTER_S);
    }
    // Everything taken is given back when the body closes: finished, cut off or the visitor gone.
    response.body.once('close', () => {
      releaseBytes();
      releaseStream();
    });
    const contentType = /^video\/[\w.+-]+/.exec(response.headers['content-type'] ?? '')?.[0] ?? 'video/mp4';
    return { body: response.body, filename: ticket.filename, contentType, contentLength };
  }

  return { link, check: verify, open, maxBytes: options.maxBytes };
}

/** `attachment; filename="x.mp4"; filename*=UTF-8''x.mp4` with anything odd removed from the plain form. */
