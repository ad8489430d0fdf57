import { Router, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { outputFileName } from '#views/tools/image-compressor/logic.ts';
import { compressFieldsSchema, MAX_UPLOAD_BYTES, type CompressResponse } from '#views/tools/image-compressor/schema.ts';
import type { ImageCompressorSettings } from '#server/config/image-compressor.ts';
import { declaredBodyLimit } from '#server/http/body-limit.ts';
import { HttpError } from '#server/http/http-error.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import { parseOr400 } from '#server/http/validation.ts';
import { compressResponseBody } from './response-body.ts';
import type { ImageCompressor, InspectedUpload } from './service.ts';

const UPLOAD_LIMIT_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
const TOO_LARGE = `The image is larger than the ${UPLOAD_LIMIT_MB} MB upload limit.`;
/** What a multipart upload adds around its file: boundaries, part headers and the few small fields (at most 4 × 1 KB). */
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

// Memory storage only: uploads are never written to disk, and the limits bound what one request holds.
// Browsers send file names as raw UTF-8, which busboy would otherwise read as Latin-1.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10 },
  defParamCharset: 'utf8',
}).single('image');

/** multer's own errors become messages a person can act on; an upload still arriving at the deadline is cut off. */
function receiveImage(deadlineMs: number): RequestHandler {
  return (req, res: Response<unknown, Locals>, next) => {
    const timer = setTimeout(
      () => {
        if (res.headersSent) return;
        res.setHeader('Connection', 'close');
        res.status(408).json({
          error: `The upload did not arrive within ${deadlineMs / 1000} seconds. Please try again on a faster connection or with a smaller image.`,
        });
        // Stop reading the rest of a body nobody will use.
        res.once('finish', () => req.destroy());
      },
      Math.max(0, res.locals.deadline! - Date.now()),
    );
    upload(req, res, (error: unknown) => {
      clearTimeout(timer);
      if (res.headersSent) return;
      if (!error) return next();
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, TOO_LARGE));
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT')
        return next(new HttpError(400, 'Send exactly one file, in the "image" field.'));
      if (code?.startsWith('LIMIT_'))
        return next(new HttpError(400, 'The upload has too many or too large form fields.'));
      next(new HttpError(400, 'The upload could not be read. Please choose the image again.'));
    });
  };
}

interface Locals {
  inspected?: InspectedUpload;
  /** Aborted when the client goes away before its answer was sent. */
  left?: AbortController;
  /** Epoch ms by which this request is answered, whatever happens (IMAGE_DEADLINE_MS after arrival). */
  deadline?: number;
}

/** Registered first: the deadline starts when the request arrives, and a client who leaves at any point is noticed. */
const watchClient =
  (deadlineMs: number): RequestHandler =>
  (_req, res: Response<unknown, Locals>, next) => {
    const left = new AbortController();
    res.locals.left = left;
    res.locals.deadline = Date.now() + deadlineMs;
    res.once('close', () => {
      if (!res.writableFinished) left.abort();
    });
    next();
  };

/** Every check that needs no encoder (fields, type, pixel budget) runs before the rate limit is spent. */
function inspectUpload(compressor: ImageCompressor): RequestHandler {
  return async (req, res: Response<unknown, Locals>, next) => {
    if (!req.file) throw new HttpError(400, 'Please select an image file');
    const fields = parseOr400(compressFieldsSchema, req.body ?? {});
    res.locals.inspected = await compressor.inspect(req.file.buffer, {
      quality: fields.quality,
      output: fields.format,
      width: fields.width,
      height: fields.height,
      longestSide: fields.longestSide,
      progressive: fields.progressive,
      metadata: fields.metadata,
    });
    next();
  };
}

export function imageCompressorRouter(compressor: ImageCompressor, settings: ImageCompressorSettings): Router {
  const router = Router();

  router.post(
    '/image-compressor/compress',
    // A declared length past the limit is refused before a byte of the upload is read.
    declaredBodyLimit(MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE_BYTES, TOO_LARGE),
    watchClient(settings.deadlineMs),
    receiveImage(settings.deadlineMs),
    inspectUpload(compressor),
    rateLimit({ name: 'image-compressor', windowMs: 60_000, limit: settings.ratePerMinute }),
    async (req, res: Response<unknown, Locals>) => {
      const inspected = res.locals.inspected!;
      // A visitor who leaves (closes the tab, aborts the batch) stops their job: dropped from the queue, or its worker killed.
      const left = res.locals.left!;
      let result;
      try {
        result = await compressor.compress(inspected, {
          client: req.ip,
          signal: left.signal,
          deadline: res.locals.deadline,
        });
      } catch (error) {
        if (left.signal.aborted) return;
        throw error;
      }
      const body = compressResponseBody(result.data, result.mimeType, {
        originalSize: result.originalSize,
        compressedSize: result.compressedSize,
        format: result.format,
        width: result.width,
        height: result.height,
        fileName: outputFileName(req.file!.originalname, result.format),
        keptOriginal: result.keptOriginal,
      } satisfies Omit<CompressResponse, 'compressedImageUrl'>);
      // no-transform: the body is mostly base64 of an already-compressed image, which gzip would
      // spend tens of milliseconds per megabyte on for a few percent. Sent as is, without res.json:
      // no ETag is worth hashing megabytes for on a POST answered no-store.
      res.setHeader('Cache-Control', 'no-store, no-transform');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', body.length);
      res.end(body);
    },
  );
  return router;
}
