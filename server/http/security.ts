import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

// Nonces come from a pooled random buffer: one getrandom() call serves 512 requests.
let pool = Buffer.alloc(0);
let offset = 0;
export function newNonce(): string {
  if (offset + 16 > pool.length) {
    pool = randomBytes(16 * 512);
    offset = 0;
  }
  offset += 16;
  return pool.toString('base64', offset - 16, offset);
}

/** One year: past the 180 days browsers' preload lists and audits ask for. */
export const HSTS_MAX_AGE_S = 31_536_000;

export interface SecurityOptions {
  /** The public origin is https: browsers are told to use nothing else (Strict-Transport-Security). */
  https: boolean;
}

/** The Strict-Transport-Security value for this site, or undefined when it is not served over https. */
export function strictTransportSecurity({ https }: SecurityOptions): string | undefined {
  // Without includeSubDomains: the operator's other subdomains may not all have certificates.
  return https ? `max-age=${HSTS_MAX_AGE_S}` : undefined;
}

/**
 * helmet with a strict CSP: scripts only from this origin or carrying this request's nonce (the
 * inline scripts React streams); no unsafe-inline/eval for scripts; nobody may frame the site.
 */
function helmetMiddleware(options: SecurityOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`,
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // Maps are embedded only when a visitor asks for them (the office location section).
        frameSrc: ["'self'", 'https://www.google.com', 'https://maps.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
}

export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = newNonce();
    next();
  };
  return [nonce, helmetMiddleware(options)];
}

const PLACEHOLDER = '__NONCE__';

/**
 * The exact headers helmet sets, captured once as a flat [name, value, ...] list for the fast path
 * that answers before Express runs: helmet stays the single source of truth; only the CSP nonce
 * (between `cspBefore` and `cspAfter`) is new per request.
 */
export function precomputedSecurityHeaders(options: SecurityOptions): {
  headers: string[];
  cspBefore: string;
  cspAfter: string;
} {
  const captured = new Map<string, string>();
  const fakeRes = {
    locals: { nonce: PLACEHOLDER },
    setHeader(name: string, value: string) {
      captured.set(name, String(value));
    },
    removeHeader(name: string) {
      captured.delete(name);
    },
  };
  helmetMiddleware(options)({} as never, fakeRes as never, () => undefined);
  const csp = captured.get('Content-Security-Policy') ?? '';
  const at = csp.indexOf(PLACEHOLDER);
  if (at === -1) throw new Error('CSP capture failed: the nonce source is missing');
  captured.delete('Content-Security-Policy');
  return { headers: [...captured].flat(), cspBefore: csp.slice(0, at), cspAfter: csp.slice(at + PLACEHOLDER.length) };
}
