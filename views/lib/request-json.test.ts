import { afterEach, expect, test, vi } from 'vitest';
import { ApiError, apiFetch } from './request-json.ts';

afterEach(() => vi.unstubAllGlobals());

function recordFetch(response: Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response;
  });
  return calls;
}

test('a URLSearchParams body is sent form-encoded, not as JSON (RFC 8058 one-click unsubscribe)', async () => {
  const calls = recordFetch(new Response('{}', { status: 200 }));
  await apiFetch('/api/x', 'failed', { body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) });
  expect(calls[0]!.init.method).toBe('POST');
  expect(calls[0]!.init.headers).toEqual({ accept: 'application/json' });
  const sent = new Request('http://x.test/', { method: 'POST', body: calls[0]!.init.body });
  expect(sent.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  expect(await sent.text()).toBe('List-Unsubscribe=One-Click');
});

test('PATCH sends JSON and a failure carries the server error', async () => {
  const calls = recordFetch(new Response('{"error":"Enter a valid webhook URL."}', { status: 400 }));
  const failure = await apiFetch('/api/x', 'failed', { method: 'PATCH', body: { digest: true } }).catch((e) => e);
  expect(calls[0]!.init).toMatchObject({ method: 'PATCH', body: '{"digest":true}' });
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({ message: 'Enter a valid webhook URL.', status: 400, fromServer: true });
});
