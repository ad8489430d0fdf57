import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ExpiredError, NotFoundError, UpstreamError } from '#server/services/domain-errors.ts';
import { assertUpstreamOk, upstreamFailure, type UpstreamFetcher } from '#server/services/media/upstream.ts';

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
  secret?: Buffer;
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
  open(token: string, signal?: AbortSignal): Promise<RelayedFile>;
  maxBytes: number;
}

const EXPIRED = 'This download link has expired or is not valid. Please request a new one.';

export function createMediaRelay(options: RelayOptions): MediaRelay {
  const secret = options.secret ?? randomBytes(32);
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const now = options.now ?? Date.now;
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  function link(ticket: RelayTicket): string {
    const payload = Buffer.from(JSON.stringify({ u: ticket.url, f: ticket.filename, p: ticket.platform, e: now() + ttlMs })).toString('base64url');
    return `${options.basePath}/${payload}.${sign(payload)}`;
  }

  function verify(token: string): RelayTicket {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) throw new NotFoundError(EXPIRED);
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new NotFoundError(EXPIRED);
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: string; f: string; p: string; e: number };
    if (data.e < now()) throw new ExpiredError(EXPIRED);
    return { url: data.u, filename: data.f, platform: data.p };
  }

  async function open(token: string, signal?: AbortSignal): Promise<RelayedFile> {
    const ticket = verify(token);
    const limitMb = Math.round(options.maxBytes / (1024 * 1024));
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
      assertUpstreamOk(response.status, ticket.platform, 'The video file is no longer available. Please request a new link.');
    } catch (error) {
      response.body.destroy();
      throw error;
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.body.destroy();
      throw new UpstreamError(`The video file is larger than the ${limitMb} MB limit of this tool.`);
    }
    const contentType = /^video\/[\w.+-]+/.exec(response.headers['content-type'] ?? '')?.[0] ?? 'video/mp4';
    return { body: response.body, filename: ticket.filename, contentType, contentLength: Number.isFinite(declared) && declared > 0 ? declared : undefined };
  }

  return { link, open, maxBytes: options.maxBytes };
}

/** `attachment; filename="x.mp4"; filename*=UTF-8''x.mp4` with anything odd removed from the plain form. */
export function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
