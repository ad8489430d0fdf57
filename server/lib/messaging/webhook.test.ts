import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { directTransport, guardedTransport, sendWebhook, type WebhookMessage } from './webhook.ts';

function message(url: string, secret?: string): WebhookMessage {
  const data = { id: 3, name: 'Asha Verma', email: 'asha@example.in', createdAt: '2026-11-23T10:00:00.000Z' };
  const id = '7f1c2a9e-2c1b-4c4e-9a57-1d1c0f7c0a11';
  const body = JSON.stringify({ id, event: 'contact.created', createdAt: data.createdAt, data });
  return { id, kind: 'contact.created', url, body, ...(secret ? { secret } : {}) };
}

/** A receiver that records each request and answers with `status`. */
async function receiver(status = 204) {
  const received: Array<{
    method?: string;
    url?: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }> = [];
  const server = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {}).end();
    });
  });
  return { server, received };
}

test('POSTs the stored JSON body as is, signed with X-Signature: sha256=<HMAC of the exact body>', async () => {
  const { server, received } = await receiver(200);
  try {
    const sent = message(`${server.origin}/hooks/leads/`, 's3cret');
    await sendWebhook(directTransport(), 'test-agent', sent);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/leads/', body: sent.body });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'test-agent',
      'x-event-id': sent.id,
      'x-event-type': 'contact.created',
      'x-signature': `sha256=${createHmac('sha256', 's3cret').update(sent.body).digest('hex')}`,
    });
  } finally {
    await server.close();
  }
});

test('without a secret there is no signature header', async () => {
  const { server, received } = await receiver(204);
  try {
    await sendWebhook(directTransport(), 'test-agent', message(server.origin));
    expect(received[0]!.headers['x-signature']).toBeUndefined();
  } finally {
    await server.close();
  }
});

test('any status outside 2xx is a failure; a redirect is not followed', async () => {
  for (const [status, text] of [
    [500, 'webhook: answered HTTP 500'],
    [404, 'webhook: answered HTTP 404'],
    [302, 'webhook: answered HTTP 302 (redirects are not followed)'],
  ] as const) {
    const { server, received } = await receiver(status);
    try {
      await expect(sendWebhook(directTransport(), 'test-agent', message(`${server.origin}/hook`))).rejects.toThrow(
        text,
      );
      expect(received.map((request) => request.url)).toEqual(['/hook']);
    } finally {
      await server.close();
    }
  }
});

test('a receiver that is down or never answers is a failure, bounded by the timeout', async () => {
  const { server } = await receiver();
  const closedOrigin = server.origin;
  await server.close();
  await expect(sendWebhook(directTransport(), 'test-agent', message(closedOrigin))).rejects.toThrow(
    /^webhook: ECONNREFUSED/,
  );

  // A receiver that takes the request and never answers. (The test once waited for the request to arrive first:
  // on a busy machine the 200 ms ran out before it did, and the wait never ended.)
  const silent = await startLoopbackServer(() => undefined);
  try {
    await expect(
      sendWebhook(directTransport({ timeoutMs: 200 }), 'test-agent', message(silent.origin)),
    ).rejects.toThrow('webhook: no answer within 0.2 s');
  } finally {
    await silent.close();
  }
});

test('the response body is never read: an endless body does not hold the delivery', async () => {
  const endless = await startLoopbackServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (res.write(chunk)) if (res.destroyed) return;
      res.once('drain', pump);
    };
    pump();
  });
  try {
    await sendWebhook(directTransport(), 'test-agent', message(endless.origin));
  } finally {
    await endless.close();
  }
});

test("a visitor's webhook goes through the guarded fetcher with the same headers; a private address is never reached", async () => {
  const { server, received } = await receiver(200);
  try {
    const allowed = guardedTransport(createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'guarded' }));
    const sent = message(`${server.origin}/hook`);
    await sendWebhook(allowed, 'test-agent', sent);
    expect(received[0]!.body).toBe(sent.body);
    expect(received[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'test-agent',
      'x-event-id': sent.id,
      'x-event-type': 'contact.created',
    });
    expect(received[0]!.headers['x-signature']).toBeUndefined();

    // Without the allowance the receiver's loopback address is private: refused before any connection.
    const guarded = guardedTransport(createSafeFetcher({ userAgent: 'guarded' }));
    await expect(sendWebhook(guarded, 'test-agent', sent)).rejects.toThrow(/^webhook: /);
    expect(server.connections()).toBe(1);
  } finally {
    await server.close();
  }
});

test("a visitor's webhook that redirects is a failure, and the redirect is not followed", async () => {
  const { server, received } = await receiver(307);
  try {
    const transport = guardedTransport(createSafeFetcher({ allowPrivate: [server.hostPort], userAgent: 'guarded' }));
    await expect(sendWebhook(transport, 'test-agent', message(`${server.origin}/hook`))).rejects.toThrow(
      'webhook: answered HTTP 307 (redirects are not followed)',
    );
    expect(received.map((request) => request.url)).toEqual(['/hook']);
  } finally {
    await server.close();
  }
});
