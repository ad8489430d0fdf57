import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { detectFormat } from './formats.ts';
import { headText, isGzip, notLogKind } from './read.ts';

/**
 * Staging a log file under DATA_DIR as it arrives (an upload, or the operator's import), never held
 * whole in memory, with its first bytes checked on the way: a file that is certainly no access log
 * (a zip, a picture, a text none of whose first lines is a log line) is refused before the rest of
 * it is read.
 */

/** Bytes of each file held to look at before any of it is written. */
export const SNIFF_BYTES = 64 * 1024;
export const NOT_A_LOG_FORMATS = 'nginx or Apache combined or common, JSON lines, W3C extended';

/** Why a file is refused from its first bytes, or undefined when it may be a log (the job reads it all). */
export function sniff(name: string, head: Buffer, complete: boolean): string | undefined {
  if (head.length === 0) return `${name} is empty.`;
  const kind = notLogKind(head);
  if (kind) return `${name} is ${kind}.`;
  let text: string;
  try {
    text = headText(head);
  } catch {
    return `${name} is not a gzip file that can be read.`;
  }
  if (text.includes('\u0000'))
    return `${name} is not a text file: an access log is plain text (or gzip-compressed text).`;
  const lines = text.split('\n');
  // The last line may be cut: judged only when the whole file was read.
  if (!complete || (isGzip(head) && head.length > 8192)) lines.pop();
  const full = lines.map((line) => line.replace(/\r$/, '').trim()).filter(Boolean);
  if (full.length === 0) return undefined;
  return detectFormat(full)
    ? undefined
    : `${name} is not an access log: none of its first lines is in a format the analyser reads (${NOT_A_LOG_FORMATS}).`;
}

/**
 * Copies one file to `path`, holding its first SNIFF_BYTES to judge before writing them (a file that
 * is no log is refused with a 400 before the rest is read); `counted` sees every chunk's size and
 * answers an error to stop (a size limit). Resolves with the bytes written.
 */
export async function stageFile(
  source: Readable,
  path: string,
  name: string,
  counted: (bytes: number) => Error | undefined = () => undefined,
): Promise<number> {
  let head = Buffer.alloc(0);
  let sniffed = false;
  let size = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      size += chunk.length;
      const stop = counted(chunk.length);
      if (stop) return next(stop);
      if (sniffed) return next(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return next();
      sniffed = true;
      const problem = sniff(name, head, false);
      next(problem ? new InvalidInputError(problem) : null, problem ? undefined : head);
    },
    flush(next) {
      if (sniffed) return next();
      const problem = sniff(name, head, true);
      next(problem ? new InvalidInputError(problem) : null, problem ? undefined : head);
    },
  });
  await mkdir(dirname(path), { recursive: true });
  await pipeline(source, check, createWriteStream(path));
  return size;
}
