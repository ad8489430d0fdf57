import { Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { FetchError } from './errors.ts';

export type ContentEncoding = 'br' | 'gzip' | 'deflate' | null;

export function contentEncodingOf(response: IncomingMessage): ContentEncoding {
  const value = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (value === 'br') return 'br';
  if (value === 'gzip' || value === 'x-gzip') return 'gzip';
  if (value === 'deflate') return 'deflate';
  return null;
}

function decoderFor(encoding: ContentEncoding): Transform | null {
  // Output chunks stay at zlib's default size, so a bomb can only grow memory by one chunk
  // before the byte counter below stops it.
  if (encoding === 'br') return zlib.createBrotliDecompress();
  if (encoding === 'gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createUnzip();
  return null;
}

export interface BoundedBody {
  stream: Readable;
  /** Live counters, read once the stream has ended. */
  state: { truncated: boolean; bytesOnWire: number; bytes: number };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Turns a response into a decompressed stream that never yields more than maxBytes.
 * Past the cap it either fails with `too-large` or ends early and marks the body truncated.
 */
export function boundedBody(
  response: IncomingMessage,
  url: string,
  maxBytes: number,
  onTooLarge: 'error' | 'truncate',
): BoundedBody {
  const state = { truncated: false, bytesOnWire: 0, bytes: 0 };
  // Set once we stop reading on purpose, so the resulting socket teardown is not reported as a failure.
  let stopped = false;
  response.on('data', (chunk: Buffer) => {
    state.bytesOnWire += chunk.length;
  });
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (state.truncated) return callback();
      const room = maxBytes - state.bytes;
      if (chunk.length <= room) {
        state.bytes += chunk.length;
        return callback(null, chunk);
      }
      stopped = true;
      if (onTooLarge === 'error') {
        callback(
          new FetchError('too-large', `The response is larger than the ${formatBytes(maxBytes)} limit.`, { url }),
        );
        response.destroy();
        return;
      }
      state.truncated = true;
      state.bytes += room;
      if (room > 0) this.push(chunk.subarray(0, room));
      this.push(null);
      response.destroy();
      callback();
    },
  });
  const decoder = decoderFor(contentEncodingOf(response));
  const fail = (error: Error) => {
    if (limiter.destroyed || stopped) return;
    limiter.destroy(
      error instanceof FetchError
        ? error
        : new FetchError('network', `The response from ${new URL(url).host} was cut off or could not be decoded.`, {
            url,
          }),
    );
  };
  if (decoder) {
    response.on('error', fail);
    decoder.on('error', fail);
    response.pipe(decoder).pipe(limiter);
  } else {
    response.on('error', fail);
    response.pipe(limiter);
  }
  response.on('aborted', () => fail(new Error('aborted')));
  // A consumer that stops early must not leave the socket open and paused.
  limiter.once('close', () => response.destroy());
  return { stream: limiter, state };
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
