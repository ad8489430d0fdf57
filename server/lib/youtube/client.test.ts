import { expect, onTestFinished, test } from 'vitest';
import { DomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import { createSafeFetcher, type SafeFetcher } from '#server/lib/safe-fetch/index.ts';
import {
  FIXTURE_CLIENT_VERSION,
  OK_CAPTIONS,
  OK_KEYWORDS,
  OK_TITLE,
  startMediaUpstreams,
  YT,
} from '#test/fixtures/media-upstream/index.ts';
import { createYouTubeClient } from './client.ts';

async function setup(options: { wrap?: (fetcher: SafeFetcher) => SafeFetcher } = {}) {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  const fetcher = createSafeFetcher({ allowPrivate: upstreams.allowPrivate, userAgent: 'test' });
  const client = createYouTubeClient({
    fetcher: options.wrap ? options.wrap(fetcher) : fetcher,
    origin: upstreams.youtube.origin,
  });
  return { client, upstreams };
}

async function failure(promise: Promise<unknown>): Promise<{ kind: DomainErrorKind; message: string }> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { kind: (error as DomainError).kind, message: (error as DomainError).message };
}

test('reads the English transcript from the watch page player data', async () => {
  const { client } = await setup();
  const result = await client.transcript(YT.ok);
  expect(result.title).toBe(OK_TITLE);
  expect(result.channel).toBe('Delhi SEO Hub');
  expect(result.language).toBe('en');
  expect(result.trackId).toBe('.en');
  expect(result.transcript).toBe(OK_CAPTIONS.join('\n'));
  expect(result.segments[1]).toEqual({ start: 2.5, duration: 2.5, text: OK_CAPTIONS[1] });
  expect(result.languages).toEqual([
    { id: '.en', code: 'en', name: 'English', generated: false },
    { id: '.hi', code: 'hi', name: 'Hindi', generated: false },
    { id: 'a.en', code: 'en', name: 'English (auto-generated)', generated: true },
  ]);
});

test('another language can be chosen by track id or language code', async () => {
  const { client } = await setup();
  const hindi = await client.transcript(YT.ok, '.hi');
  expect(hindi.language).toBe('hi');
  expect(hindi.segments[0].text).toBe('स्थानीय एसईओ गाइड में आपका स्वागत है');
  expect((await client.transcript(YT.ok, 'hi')).trackId).toBe('.hi');
  expect(await failure(client.transcript(YT.ok, 'fr'))).toEqual({
    kind: 'invalid-input',
    message: 'That caption language is not available for this video.',
  });
});

test('falls back to the innertube player API as the client version the page names (nothing hard-coded)', async () => {
  const sent: Array<{ url: string; body?: string; headers?: Record<string, string> }> = [];
  const { client } = await setup({
    wrap: (f) => ({
      ...f,
      fetch: (url, o) => {
        sent.push({ url: String(url), body: o?.body as string, headers: o?.headers });
        return f.fetch(url, o);
      },
    }),
  });
  const result = await client.transcript(YT.apiOnly);
  expect(result.title).toBe(`Fixture video ${YT.apiOnly}`);
  expect(result.segments).toHaveLength(3);
  const api = sent.find((request) => request.url.includes('/youtubei/v1/player'));
  expect(JSON.parse(api?.body ?? '{}').context.client).toEqual({
    clientName: 'WEB',
    clientVersion: FIXTURE_CLIENT_VERSION,
    hl: 'en',
    gl: 'US',
  });
  expect(api?.headers?.['x-youtube-client-version']).toBe(FIXTURE_CLIENT_VERSION);
});

test('a page with neither player data nor a client version is unreadable, not guessed at', async () => {
  const { client } = await setup();
  expect(await failure(client.video(YT.noVersion))).toEqual({
    kind: 'upstream',
    message: 'YouTube sent a page this tool could not read. Please try again later.',
  });
});

test("YouTube refusing this server is said plainly, with the operator's fix and no 'try again'", async () => {
  const { client } = await setup();
  const refused = (reason: string) =>
    `YouTube refused this server's request (${reason}). Your link is fine: YouTube blocks or challenges requests from some server addresses, such as data centres. The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.`;
  expect(await failure(client.video(YT.botCheck))).toEqual({
    kind: 'upstream',
    message: refused('it asked the server to sign in to confirm it is not a bot'),
  });
  expect(await failure(client.video(YT.consent))).toEqual({
    kind: 'upstream',
    message: refused('it showed a cookie consent page instead of the video'),
  });
  expect(await failure(client.video(YT.forbidden))).toEqual({
    kind: 'upstream',
    message: refused('it answered HTTP 403 Forbidden'),
  });
  expect(await failure(client.video(YT.rateLimited))).toEqual({
    kind: 'upstream',
    message: refused('it answered HTTP 429 Too Many Requests: it has seen too many requests from this server'),
  });
});

test('XML (srv1) caption bodies are understood too', async () => {
  const { client } = await setup();
  expect((await client.transcript(YT.xmlCaptions)).segments.map((s) => s.text)).toEqual(OK_CAPTIONS);
});

test('results are cached: a second call does not reach YouTube again', async () => {
  let calls = 0;
  const { client } = await setup({
    wrap: (f) => ({
      ...f,
      fetch: (url, o) => {
        calls++;
        return f.fetch(url, o);
      },
    }),
  });
  await client.transcript(YT.ok);
  const afterFirst = calls;
  await client.transcript(YT.ok);
  await client.tags(YT.ok);
  expect(afterFirst).toBe(2);
  expect(calls).toBe(afterFirst);
});

test('each failure is told apart', async () => {
  const { client } = await setup();
  expect(await failure(client.transcript(YT.noCaptions))).toEqual({
    kind: 'not-found',
    message: 'This video has no captions or subtitles to read.',
  });
  expect(await failure(client.transcript(YT.emptyCaptions))).toEqual({
    kind: 'not-found',
    message: 'The captions for this video are empty.',
  });
  expect(await failure(client.transcript(YT.private))).toEqual({
    kind: 'not-allowed',
    message: 'This video is private.',
  });
  expect(await failure(client.transcript(YT.unavailable))).toEqual({
    kind: 'not-found',
    message: 'This video is unavailable: Video unavailable',
  });
  expect(await failure(client.transcript(YT.serverError))).toEqual({
    kind: 'upstream',
    message: 'YouTube answered with an error (HTTP 500). Please try again later.',
  });
});

test('an unreachable YouTube is a 502', async () => {
  const { upstreams } = await setup();
  const fetcher = createSafeFetcher({ allowPrivate: upstreams.allowPrivate, userAgent: 'test' });
  const origin = upstreams.youtube.origin;
  await upstreams.youtube.close();
  const client = createYouTubeClient({ fetcher, origin });
  expect(await failure(client.video(YT.ok))).toEqual({
    kind: 'upstream',
    message: 'Could not reach YouTube. Please try again later.',
  });
});

test('tags: the real keywords first, then suggestions from the title and description', async () => {
  const { client } = await setup();
  const result = await client.tags(YT.ok);
  expect(result.videoTags).toEqual(OK_KEYWORDS);
  expect(result.tags.slice(0, 4)).toEqual(OK_KEYWORDS);
  expect(result.tags).toContain('localseo');
  expect(result.tags).toContain('restaurants delhi');
  expect(result.title).toBe(OK_TITLE);
  expect(result.channel).toBe('Delhi SEO Hub');
});

test('a video without keywords has no video tags but still gets suggestions', async () => {
  const { client } = await setup();
  const result = await client.tags(YT.noCaptions);
  expect(result.videoTags).toEqual([]);
  expect(result.tags.length).toBeGreaterThan(0);
});
