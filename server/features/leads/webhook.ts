import { createHmac } from 'node:crypto';
import { DeliveryError, type Sender } from './delivery-types.ts';

export interface WebhookOptions {
  url: string;
  /** Adds `X-Signature: sha256=<hex HMAC-SHA256 of the body>`. */
  secret?: string;
  timeoutMs?: number;
  userAgent: string;
  fetch?: typeof globalThis.fetch;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs the event JSON to the operator's own URL. It is configuration, not visitor input, so it
 * may be private (an internal CRM); it is still bounded: a timeout, no redirects followed (a 3xx
 * is a failure, so the lead cannot be bounced elsewhere), and the response body is never read.
 */
export function createWebhookSender({
  url,
  secret,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  userAgent,
  fetch = globalThis.fetch,
}: WebhookOptions): Sender {
  return {
    channel: 'webhook',
    async send(event) {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'User-Agent': userAgent,
        'X-Event-Id': event.id,
        'X-Event-Type': event.event,
      };
      if (secret) headers['X-Signature'] = signature(secret, event.body);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers,
          body: event.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs / 1000} s`
            : describe(error);
        throw new DeliveryError(`webhook: ${reason}`);
      }
      // Only the status matters; the body is discarded unread.
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status > 299) {
        const redirect = res.status >= 300 && res.status < 400 ? ' (redirects are not followed)' : '';
        throw new DeliveryError(`webhook: answered HTTP ${res.status}${redirect}`);
      }
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}${cause.message ? ` (${cause.message})` : ''}` : error.message;
}
