import { createHmac } from 'node:crypto';
import type { SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { DeliveryError } from './types.ts';

/*
 * The one webhook sender: a POST of the stored JSON body with the same headers for every receiver
 * (Content-Type, User-Agent, X-Event-Id, X-Event-Type, and X-Signature where there is a secret),
 * never following a redirect (a 3xx is a failure, so a message cannot be bounced elsewhere), any
 * 2xx delivered, the answer's body never used. Two ways out: the operator's own URL directly (it is
 * configuration, so it may be private), a visitor's URL through the guarded fetcher.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=<hex HMAC-SHA256 of the exact body>`, the README's signature. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs and answers the status; the body is discarded unread. Throws DeliveryError when nothing came back. */
export type WebhookTransport = (
  url: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<number>;

function describe(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}${cause.message ? ` (${cause.message})` : ''}` : error.message;
}

/** The operator's own URL (NOTIFY_WEBHOOK_URL): any address, redirects not followed, 10 s. */
export function directTransport({
  fetch = globalThis.fetch,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: { fetch?: typeof globalThis.fetch; timeoutMs?: number } = {}): WebhookTransport {
  return async (url, init) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DeliveryError(`webhook: ${describe(error, timeoutMs)}`);
    }
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  };
}

/** A visitor's URL: every address checked by the guarded fetcher, no redirect, 10 s, 64 KB of answer at most. */
export function guardedTransport(fetcher: SafeFetcher, timeoutMs = WEBHOOK_TIMEOUT_MS): WebhookTransport {
  return async (url, init) => {
    try {
      const res = await fetcher.fetch(url, {
        method: 'POST',
        ...init,
        timeoutMs,
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        onTooLarge: 'truncate',
      });
      return res.status;
    } catch (error) {
      throw new DeliveryError(`webhook: ${describe(error, timeoutMs)}`);
    }
  };
}

export interface WebhookMessage {
  id: string;
  kind: string;
  url: string;
  body: string;
  /** Adds `X-Signature: sha256=<hex HMAC-SHA256 of the body>`. */
  secret?: string;
}

/** Sends one webhook; throws DeliveryError unless it was answered 2xx. */
export async function sendWebhook(transport: WebhookTransport, userAgent: string, message: WebhookMessage) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': userAgent,
    'X-Event-Id': message.id,
    'X-Event-Type': message.kind,
  };
  if (message.secret) headers['X-Signature'] = signature(message.secret, message.body);
  const status = await transport(message.url, { headers, body: message.body });
  if (status < 200 || status > 299) {
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    throw new DeliveryError(`webhook: answered HTTP ${status}${redirect}`);
  }
}
