/** The one error type handlers throw: the error handler answers `status` with `{ error: message }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
