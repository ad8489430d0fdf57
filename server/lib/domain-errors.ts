/**
 * What a service throws when it cannot do what was asked. The message is written for the person
 * using the tool; `kind` says whose problem it is. Services know nothing of HTTP: the API layer
 * (server/http/errors.ts) alone turns a kind into a status code.
 */
export type DomainErrorKind =
  /** What was sent cannot be used (bad URL, unsupported file, too many pixels). */
  | 'invalid-input'
  /** The thing exists but may not be read (a private video). */
  | 'not-allowed'
  | 'not-found'
  /** A link or ticket that has run out. */
  | 'expired'
  /** Understood, but cannot be done for this target (robots.txt forbids the crawl, only protected formats). */
  | 'not-possible'
  /** Not in this state: the job has already finished, or has no result yet. */
  | 'conflict'
  /** This client has used its share (jobs in flight, attempts per window); try again later. */
  | 'rate-limited'
  /** The remote site or platform failed us. */
  | 'upstream'
  /** Too much work in flight, or shutting down; try again later. */
  | 'busy';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For `busy` and `rate-limited`: when trying again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super('invalid-input', message);
  }
}

export class NotAllowedError extends DomainError {
  constructor(message: string) {
    super('not-allowed', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not-found', message);
  }
}

export class ExpiredError extends DomainError {
  constructor(message: string) {
    super('expired', message);
  }
}

export class NotPossibleError extends DomainError {
  constructor(message: string) {
    super('not-possible', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds?: number) {
    super('rate-limited', message, retryAfterSeconds);
  }
}

export class UpstreamError extends DomainError {
  constructor(message: string) {
    super('upstream', message);
  }
}

export class BusyError extends DomainError {
  constructor(message: string, retryAfterSeconds?: number) {
    super('busy', message, retryAfterSeconds);
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
