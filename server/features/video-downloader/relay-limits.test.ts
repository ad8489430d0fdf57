import { once } from 'node:events';
import { expect, onTestFinished, test } from 'vitest';
import { createCapacity } from '#server/lib/capacity.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startMediaUpstreams } from '#test/fixtures/media-upstream/index.ts';
import { createMediaRelay, RELAY_BUSY, type RelayOptions } from './relay.ts';

async function relayOn(options: Partial<RelayOptions> = {}) {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  const fetcher = createSafeFetcher({ allowPrivate: upstreams.allowPrivate, userAgent: 'test' });
  const relay = createMediaRelay({ fetcher, basePath: '/api/media/file', maxBytes: 1024 * 1024, ...options });
  const link = (bytes: number, chunked = false) =>
    relay
      .link({
        url: `${upstreams.cdn.origin}/video/clip.mp4?bytes=${bytes}${chunked ? '&chunked=1' : ''}`,
        filename: 'clip.mp4',
        platform: 'Test',
      })
      .split('/')
      .pop()!;
  return { relay, link };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  return [
    (error as DomainError).kind,
    error instanceof DomainError ? error.message : '',
    (error as DomainError).retryAfterSeconds,
  ];
}

test('past MEDIA_MAX_STREAMS files streaming at once the relay is busy, until one of them closes', async () => {
  const { relay, link } = await relayOn({ streams: createCapacity(2) });
  const first = await relay.open(relay.check(link(500_000)));
  const second = await relay.open(relay.check(link(500_000)));
  expect(await refusal(relay.open(relay.check(link(500_000))))).toEqual(['busy', RELAY_BUSY, 30]);
  first.body.destroy();
  await once(first.body, 'close');
  const third = await relay.open(relay.check(link(500_000)));
  for (const file of [second, third]) file.body.destroy();
});

test('past MEDIA_MAX_BYTES_IN_FLIGHT the relay is busy; a file of unknown size counts as the largest allowed', async () => {
  const { relay, link } = await relayOn({ bytesInFlight: createCapacity(1024 * 1024 + 100_000) });
  const known = await relay.open(relay.check(link(100_000)));
  const unknown = await relay.open(relay.check(link(100_000, true)));
  expect(await refusal(relay.open(relay.check(link(10_000))))).toEqual(['busy', RELAY_BUSY, 30]);
  unknown.body.destroy();
  await once(unknown.body, 'close');
  const next = await relay.open(relay.check(link(500_000)));
  for (const file of [known, next]) file.body.destroy();
});

test('a file read to the end gives its stream slot back', async () => {
  const { relay, link } = await relayOn({ streams: createCapacity(1) });
  const file = await relay.open(relay.check(link(50_000)));
  for await (const chunk of file.body) expect(chunk).toBeInstanceOf(Buffer);
  if (!file.body.closed) await once(file.body, 'close');
  (await relay.open(relay.check(link(50_000)))).body.destroy();
});
