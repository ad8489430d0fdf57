import { DomainError } from '#server/lib/domain-errors.ts';

export type FetchErrorCode =
  | 'invalid-url'
  | 'unsupported-protocol'
  | 'credentials'
  | 'forbidden-address'
  | 'dns'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'network'
  | 'tls';

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

/** Codes that describe what the caller sent rather than what the remote site did. */
const CALLER_CODES = new Set<FetchErrorCode>([
  'invalid-url',
  'unsupported-protocol',
  'credentials',
  'forbidden-address',
]);

/**
 * Every refusal or failure of the guarded fetcher. Its kind is `invalid-input` when the URL itself
 * is bad or forbidden and `upstream` when the remote site failed us. A bad URL met in a redirect's
 * Location is the remote's doing, so it is `upstream` then, except a forbidden address, which stays
 * `invalid-input` because the request itself is refused.
 */
export class FetchError extends DomainError {
  readonly code: FetchErrorCode;
  /** The URL being fetched when the error happened (the hop, not necessarily the first URL). */
  readonly url: string | undefined;
  /** Redirects followed before the failure, so chain tools can still show them. */
  readonly redirects: RedirectHop[];
  /** The socket's or TLS library's code (ECONNREFUSED, EPROTO), for decisions; never shown to people. */
  readonly systemCode: string | undefined;

  constructor(
    code: FetchErrorCode,
    message: string,
    options: { url?: string; redirects?: RedirectHop[]; fromRedirect?: boolean; systemCode?: string } = {},
  ) {
    const callerFault = CALLER_CODES.has(code) && (code === 'forbidden-address' || !options.fromRedirect);
    super(callerFault ? 'invalid-input' : 'upstream', message);
    this.code = code;
    this.url = options.url;
    this.redirects = options.redirects ?? [];
    this.systemCode = options.systemCode;
  }
}

export function isFetchError(value: unknown): value is FetchError {
  return value instanceof FetchError;
}
