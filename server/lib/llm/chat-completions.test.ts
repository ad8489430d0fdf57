import type { ServerResponse } from 'node:http';
import { expect, test } from 'vitest';
import { createChatClient, type LlmError } from './chat-completions.ts';
import { chatAnswer, startFakeLlmServer } from '#test/fixtures/fake-llm-server.ts';

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    return error as LlmError;
  }
  throw new Error('expected a failure');
}

test('posts the model, messages and key to /chat/completions and returns the answer', async () => {
  const fake = await startFakeLlmServer((_req, res) => res.end(chatAnswer('  A vivid prompt.  ')));
  try {
    const client = createChatClient({ baseUrl: `${fake.baseUrl}/`, apiKey: 'sk-test', model: 'tiny-model' });
    expect(await client.complete([{ role: 'user', content: 'hi' }])).toBe('A vivid prompt.');
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions',
      body: { model: 'tiny-model', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-test');
  } finally {
    await fake.close();
  }
});

test('an error status, non-JSON and an empty answer are reported as failures', async () => {
  const answers = [
    (res: ServerResponse) => {
      res.statusCode = 500;
      res.end('{"error":"boom"}');
    },
    (res: ServerResponse) => res.end('<html>not json</html>'),
    (res: ServerResponse) => res.end(chatAnswer('   ')),
    (res: ServerResponse) => res.end('{"choices":[]}'),
  ];
  let call = 0;
  const fake = await startFakeLlmServer((_req, res) => answers[call++](res));
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'm' });
    const codes = [];
    for (let i = 0; i < answers.length; i += 1)
      codes.push((await failureOf(client.complete([{ role: 'user', content: 'x' }]))).code);
    expect(codes).toEqual(['http', 'bad-response', 'bad-response', 'bad-response']);
  } finally {
    await fake.close();
  }
});

test('a server that never answers is cut off at the timeout', async () => {
  const fake = await startFakeLlmServer(() => undefined);
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 150 });
    const error = await failureOf(client.complete([{ role: 'user', content: 'x' }]));
    expect(error.code).toBe('timeout');
  } finally {
    await fake.close();
  }
});

test('a body that trickles in past the timeout is cut off too', async () => {
  const fake = await startFakeLlmServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"choices":');
  });
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 150 });
    expect((await failureOf(client.complete([{ role: 'user', content: 'x' }]))).code).toBe('timeout');
  } finally {
    await fake.close();
  }
});

test('responses over the byte cap are refused, declared or streamed', async () => {
  let call = 0;
  const fake = await startFakeLlmServer((_req, res) => {
    call += 1;
    if (call === 1) {
      res.writeHead(200, { 'content-length': String(5000) });
      res.end('x'.repeat(5000));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 10; i += 1) res.write('y'.repeat(1000));
      res.end();
    }
  });
  try {
    const client = createChatClient({ baseUrl: fake.baseUrl, apiKey: 'k', model: 'm', maxBytes: 4096 });
    expect((await failureOf(client.complete([{ role: 'user', content: 'x' }]))).code).toBe('too-large');
    expect((await failureOf(client.complete([{ role: 'user', content: 'x' }]))).code).toBe('too-large');
  } finally {
    await fake.close();
  }
});

test('an unreachable endpoint is a network failure', async () => {
  const fake = await startFakeLlmServer(() => undefined);
  const baseUrl = fake.baseUrl;
  await fake.close();
  const client = createChatClient({ baseUrl, apiKey: 'k', model: 'm', timeoutMs: 2000 });
  expect((await failureOf(client.complete([{ role: 'user', content: 'x' }]))).code).toBe('network');
});
