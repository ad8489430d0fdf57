import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import multer, { type StorageEngine } from 'multer';
import { HttpError } from '#server/http/http-error.ts';
import { detectFormat } from './formats.ts';
import { headText, isGzip, notLogKind } from './read.ts';

/**
 * The upload, streamed to files under DATA_DIR as it arrives (never held whole in memory), with
 * its first bytes checked on the way: a file that is certainly no access log (a zip, a picture, a
 * text none of whose first lines is a log line) is refused before the rest of it is read.
 */

/** Bytes of each file held to look at before any of it is written. */
export const SNIFF_BYTES = 64 * 1024;
/** What a multipart upload adds around its files: boundaries, part headers and the one small field. */
export const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;

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

/** What the storage keeps of each file (multer's `req.files`). */
export interface StagedUpload {
  path: string;
  size: number;
  originalname: string;
}

interface UploadState {
  dir: string;
  files: number;
  bytes: number;
}

const states = new WeakMap<Request, UploadState>();

/** The folder a request's files go to, set before the upload is read. */
export function stageInto(req: Request, dir: string): void {
  states.set(req, { dir, files: 0, bytes: 0 });
}

/** 2 GB, 512 MB, 2 KB: the limit as the message says it. */
export function sizeInWords(bytes: number): string {
  const [unit, size] = bytes >= 1024 ** 3 ? ['GB', 1024 ** 3] : bytes >= 1024 ** 2 ? ['MB', 1024 ** 2] : ['KB', 1024];
  return `${Number((bytes / (size as number)).toFixed(2))} ${unit}`;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    `The upload is larger than the ${sizeInWords(maxBytes)} limit. Upload fewer or smaller files (gzip them first).`,
  );
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
  counted: (bytes: number) => HttpError | undefined = () => undefined,
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
      next(problem ? new HttpError(400, problem) : null, problem ? undefined : head);
    },
    flush(next) {
      if (sniffed) return next();
      const problem = sniff(name, head, true);
      next(problem ? new HttpError(400, problem) : null, problem ? undefined : head);
    },
  });
  await mkdir(dirname(path), { recursive: true });
  await pipeline(source, check, createWriteStream(path));
  return size;
}

/** A multer storage engine writing each file under the request's folder, counting bytes across all its files. */
export function stagingStorage(maxBytes: number): StorageEngine {
  return {
    _handleFile(req, file, done) {
      const state = states.get(req)!;
      const path = join(state.dir, String(state.files++));
      const name = file.originalname.slice(0, 200) || 'the file';
      const counted = (bytes: number) => ((state.bytes += bytes) > maxBytes ? tooLarge(maxBytes) : undefined);
      stageFile(file.stream, path, name, counted)
        .then((size) => done(null, { path, size, originalname: name }))
        .catch((error: unknown) => done(error as Error));
    },
    _removeFile(_req, file, done) {
      rm(file.path, { force: true }).then(() => done(null), done);
    },
  };
}

/** multer's own errors in words a person can act on (the storage's HttpErrors pass as they are). */
export function uploadError(error: unknown, settings: { maxBytes: number; maxFiles: number }): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return tooLarge(settings.maxBytes);
  if (code === 'LIMIT_FILE_COUNT') return new HttpError(400, `Upload at most ${settings.maxFiles} files at once.`);
  if (code === 'LIMIT_UNEXPECTED_FILE') return new HttpError(400, 'Send the log files in the "file" field.');
  if (code?.startsWith('LIMIT_')) return new HttpError(400, 'The upload has too many or too large form fields.');
  return new HttpError(400, 'The upload could not be read. Please choose the files again.');
}

export function uploadHandler(settings: { maxBytes: number; maxFiles: number }) {
  return multer({
    storage: stagingStorage(settings.maxBytes),
    limits: {
      fileSize: settings.maxBytes,
      files: settings.maxFiles,
      fields: 4,
      fieldSize: 1024,
      parts: settings.maxFiles + 4,
    },
    // Browsers send file names as raw UTF-8, which busboy would otherwise read as Latin-1.
    defParamCharset: 'utf8',
  }).array('file', settings.maxFiles);
}

export { tooLarge };
