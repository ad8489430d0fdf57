import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { HttpError } from '#server/http/http-error.ts';
import { isDomainError } from '#server/lib/domain-errors.ts';
import type { StagedFile } from './analyse.ts';
import type { LogFilesService } from './service.ts';
import { stageFile } from './stage.ts';

/** The upload's HTTP edge: multer with a storage engine that stages each file (./stage.ts) and counts bytes across them. */

/** What a multipart upload adds around its files: boundaries, part headers and the one small field. */
export const MULTIPART_ALLOWANCE_BYTES = 1024 * 1024;

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

/** multer's own errors in words a person can act on. */
export function uploadError(error: unknown, settings: { maxBytes: number; maxFiles: number }): Error {
  // The storage's own refusals (too large; no log, a domain error) pass as they are.
  if (error instanceof HttpError || isDomainError(error)) return error;
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

/** A new log's files, read and staged (and the form's other fields in `req.body`). */
export interface ReceivedUpload {
  id: string;
  files: StagedFile[];
}

/**
 * Reads a multipart upload (field `file`, one or more) into a new log's staging folder, as every way
 * in through HTTP does (the public upload, the operator's client sites): the queue's cap first, then
 * each file streamed and sniffed, all counted against the size limit. A refusal leaves nothing staged.
 */
export function uploadReceiver(
  service: Pick<LogFilesService, 'admit' | 'newId' | 'stagingFor'>,
  settings: { maxBytes: number; maxFiles: number },
) {
  const receive = uploadHandler(settings);
  return async (req: Request, res: Response): Promise<ReceivedUpload> => {
    await service.admit();
    const id = service.newId();
    stageInto(req, service.stagingFor(id));
    try {
      await new Promise<void>((resolve, reject) =>
        receive(req, res, (error: unknown) => (error ? reject(uploadError(error, settings)) : resolve())),
      );
      const uploads = (req.files ?? []) as unknown as StagedUpload[];
      if (uploads.length === 0) throw new HttpError(400, 'Choose at least one log file (the "file" field).');
      return { id, files: uploads.map((file) => ({ path: file.path, name: file.originalname, bytes: file.size })) };
    } catch (error) {
      await rm(service.stagingFor(id), { recursive: true, force: true });
      throw error;
    }
  };
}
