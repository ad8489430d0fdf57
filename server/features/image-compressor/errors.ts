import { DomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';

/**
 * What can go wrong compressing an image, in the service's words; the API layer alone turns a code
 * into an HTTP status (server/features/image-compressor/router.ts). Messages are written for the visitor.
 */
export type ImageErrorCode =
  /** No file, or an empty one. */
  | 'no-image'
  /** Not a JPEG, PNG, WebP, AVIF or GIF, judged from the bytes. */
  | 'unsupported'
  /** More pixels than the chosen encoder's budget. */
  | 'too-many-pixels'
  /** Damaged or truncated image data. */
  | 'undecodable'
  /** The encoder ran past its time budget and was stopped. */
  | 'encode-timeout'
  /** The encoder process died (out of memory, crash). */
  | 'encoder-failed'
  /** Queue full: nothing was started. */
  | 'busy'
  /** The request's deadline passed while the job waited or ran. */
  | 'deadline'
  /** This client already has its share of jobs waiting or running. */
  | 'client-limit'
  /** The client went away; nobody is waiting for an answer. */
  | 'cancelled';

/** The house's domain kind of each code: server/http/errors.ts turns it into the status. */
const KIND: Record<ImageErrorCode, DomainErrorKind> = {
  'no-image': 'invalid-input',
  unsupported: 'invalid-input',
  'too-many-pixels': 'invalid-input',
  undecodable: 'invalid-input',
  'encode-timeout': 'not-possible',
  'encoder-failed': 'not-possible',
  busy: 'busy',
  deadline: 'busy',
  'client-limit': 'rate-limited',
  cancelled: 'busy',
};

export class ImageCompressorError extends DomainError {
  readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, message: string, retryAfterSeconds?: number) {
    super(KIND[code], message, retryAfterSeconds);
    this.code = code;
  }
}

export const NO_IMAGE = 'Please select an image file';
export const UNSUPPORTED = 'Unsupported image type. Please upload a JPEG, PNG, WebP, AVIF or GIF image.';
