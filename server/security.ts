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

/**
 * helmet with a strict CSP: scripts only from this origin or carrying this request's nonce (the
 * inline scripts React streams); no unsafe-inline/eval for scripts; nobody may frame the site.
 */
function helmetMiddleware(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`],
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
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
}

export function securityHeaders(): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = newNonce();
    next();
  };
  return [nonce, helmetMiddleware()];
}

const PLACEHOLDER = '__NONCE__';

/**
 * The exact headers helmet sets, captured once as a flat [name, value, ...] list for the fast path
 * that answers before Express runs: helmet stays the single source of truth; only the CSP nonce
 * (between `cspBefore` and `cspAfter`) is new per request.
 */
export function precomputedSecurityHeaders(): { headers: string[]; cspBefore: string; cspAfter: string } {
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
  helmetMiddleware()({} as never, fakeRes as never, () => undefined);
  const csp = captured.get('Content-Security-Policy') ?? '';
  const at = csp.indexOf(PLACEHOLDER);
  if (at === -1) throw new Error('CSP capture failed: the nonce source is missing');
  captured.delete('Content-Security-Policy');
  return { headers: [...captured].flat(), cspBefore: csp.slice(0, at), cspAfter: csp.slice(at + PLACEHOLDER.length) };
}
