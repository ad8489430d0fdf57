import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { constants, createGunzip, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { InvalidInputError } from '#server/lib/domain-errors.ts';

/**
 * Reading staged log files: plain text or gzip (told by the file's first two bytes, never its
 * name), streamed a chunk at a time whatever the size.
 */

const GZIP = [0x1f, 0x8b];

/** Compressed or binary files that are certainly no plain log, by their first bytes. */
const NOT_TEXT: Array<{ magic: number[]; what: string }> = [
  { magic: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive (unzip it and upload the log inside)' },
  { magic: [0x42, 0x5a, 0x68], what: 'a bzip2 file (upload it plain or gzip-compressed)' },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz file (upload it plain or gzip-compressed)' },
  { magic: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd file (upload it plain or gzip-compressed)' },
];

export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP[0] && head[1] === GZIP[1];
}

/** What a file certainly is when it is not a log, from its first bytes; undefined when it may be one. */
export function notLogKind(head: Uint8Array): string | undefined {
  return NOT_TEXT.find(({ magic }) => magic.every((byte, index) => head[index] === byte))?.what;
}

/**
 * The text at the start of a file from its first bytes (a gzip file's first bytes inflated, as far
 * as they go), for the format detection at upload: at most `maxChars`.
 */
export function headText(head: Buffer, maxChars = 256 * 1024): string {
  // 8 KB of deflate inflates to at most ~8 MB: the sniff stays bounded whatever the file.
  const bytes = isGzip(head) ? gunzipSync(head.subarray(0, 8192), { finishFlush: constants.Z_SYNC_FLUSH }) : head;
  return bytes.subarray(0, maxChars).toString('utf8');
}

/** Said when a staged file is missing: the process running the job cannot see the web process's DATA_DIR. */
export const STAGED_FILE_MISSING =
  'The uploaded file is not on the disk of the process that analyses it: every process that runs jobs must share DATA_DIR with the web processes.';

export async function fileIsGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new InvalidInputError(STAGED_FILE_MISSING) : error;
  });
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(2), 0, 2, 0);
    return isGzip(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** A line with no end past this many characters is cut there (and counted as one line that does not parse). */
export const MAX_LINE_CHARS = 64 * 1024;

export interface ReadOptions {
  signal?: AbortSignal;
  /** Bytes of the file read so far (compressed bytes for gzip): progress. */
  onRead?(bytes: number): void;
  /** Bytes read from the file at a time (1 MB unless said). */
  chunkBytes?: number;
}

/** The file's lines, a chunk's worth at a time, `\r` and the newline removed. */
export async function* fileLines(path: string, options: ReadOptions = {}): AsyncGenerator<string[]> {
  const gzip = await fileIsGzip(path);
  const file = createReadStream(path, { highWaterMark: options.chunkBytes ?? 1024 * 1024 });
  // Inflated 256 KB at a time, not zlib's 16 KB: each chunk is a batch of lines with its own awaits.
  const source: Readable = gzip ? file.pipe(createGunzip({ chunkSize: 256 * 1024 })) : file;
  file.on('error', (error) => source.destroy(error));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of source) {
      if (options.signal?.aborted) throw options.signal.reason;
      options.onRead?.(file.bytesRead);
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop()!;
      if (rest.length > MAX_LINE_CHARS) {
        lines.push(rest.slice(0, MAX_LINE_CHARS));
        rest = '';
      }
      for (let index = 0; index < lines.length; index++)
        if (lines[index]!.endsWith('\r')) lines[index] = lines[index]!.slice(0, -1);
      yield lines;
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw new InvalidInputError('The gzip file is damaged or cut short: it could not be read to the end.');
    throw error;
  } finally {
    file.destroy();
  }
  const last = (rest + decoder.end()).replace(/\r$/, '');
  if (last) yield [last];
}
