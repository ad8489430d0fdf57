import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import type { QueuedEvent } from './delivery-types.ts';
import { createWebhookSender } from './webhook.ts';

function event(): QueuedEvent {
  const data = {
    id: 3,
    name: 'Asha Verma',
    email: 'asha@example.in',
    message: 'Please call me',
    ipHash: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  const base = {
    id: '7f1c2a9e-2c1b-4c4e-9a57-1d1c0f7c0a11',
    event: 'contact.created' as const,
    createdAt: data.createdAt,
    data,
  };
  return { ...base, body: JSON.stringify(base) };
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
    const sent = event();
    await createWebhookSender({ url: `${server.origin}/hooks/leads/`, secret: 's3cret', userAgent: 'test-agent' }).send(
      sent,
    );
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
    expect(JSON.parse(request!.body)).toEqual({
      id: sent.id,
      event: 'contact.created',
      createdAt: sent.createdAt,
      data: sent.data,
    });
  } finally {
    await server.close();
  }
});

test('without a secret there is no signature header', async () => {
  const { server, received } = await receiver(204);
  try {
    await createWebhookSender({ url: server.origin, userAgent: 'test-agent' }).send(event());
    expect(received[0]!.headers['x-signature']).toBeUndefined();
  } finally {
    await server.close();
  }
});

test('any status outside 2xx is a failure; a redirect is not followed', async () => {
  for (const [status, message] of [
    [500, 'webhook: answered HTTP 500'],
    [404, 'webhook: answered HTTP 404'],
    [302, 'webhook: answered HTTP 302 (redirects are not followed)'],
  ] as const) {
    const { server, received } = await receiver(status);
    try {
      await expect(
        createWebhookSender({ url: `${server.origin}/hook`, userAgent: 'test-agent' }).send(event()),
      ).rejects.toThrow(message);
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
  await expect(createWebhookSender({ url: closedOrigin, userAgent: 'test-agent' }).send(event())).rejects.toThrow(
    /^webhook: ECONNREFUSED/,
  );

  // A receiver that takes the request and never answers. (The test once waited for the request to arrive first:
  // on a busy machine the 200 ms ran out before it did, and the wait never ended.)
  const silent = await startLoopbackServer(() => undefined);
  try {
    await expect(
      createWebhookSender({ url: silent.origin, userAgent: 'test-agent', timeoutMs: 200 }).send(event()),
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
    await createWebhookSender({ url: endless.origin, userAgent: 'test-agent' }).send(event());
  } finally {
    await endless.close();
  }
});
