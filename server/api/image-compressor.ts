import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { compressFieldsSchema, MAX_UPLOAD_BYTES } from '#views/tools/image-compressor/schema.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { parseOr400 } from '../validation.ts';
import { createImageCompressor } from '../services/image-compressor/index.ts';

const UPLOAD_LIMIT_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

// Memory storage only: uploads are never written to disk, and the limits bound what one request holds.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
}).single('image');

/** multer's own errors become the messages a person can act on. */
const receiveImage: RequestHandler = (req, res, next) => {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, `The image is larger than the ${UPLOAD_LIMIT_MB} MB upload limit.`));
    if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return next(new HttpError(400, 'Send exactly one file, in the "image" field.'));
    if (code?.startsWith('LIMIT_')) return next(new HttpError(400, 'The upload has too many or too large form fields.'));
    next(new HttpError(400, 'The upload could not be read. Please choose the image again.'));
  });
};

export function imageCompressorRouter(deps: AppDeps): Router {
  const compressor = createImageCompressor(deps.config.imageCompressor);
  const router = Router();
  router.post('/image-compressor/compress', receiveImage, async (req, res) => {
    if (!req.file) throw new HttpError(400, 'Please select an image file');
    const fields = parseOr400(compressFieldsSchema, req.body ?? {});
    const result = await compressor.compress(req.file.buffer, { quality: fields.quality, output: fields.format });
    // no-transform: the body is mostly base64 of an already-compressed image, which gzip would
    // spend tens of milliseconds per megabyte on for a few percent.
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.json({
      compressedImageUrl: `data:${result.mimeType};base64,${result.data.toString('base64')}`,
      originalSize: result.originalSize,
      compressedSize: result.compressedSize,
      format: result.format,
      width: result.width,
      height: result.height,
    });
  });
  return router;
}
