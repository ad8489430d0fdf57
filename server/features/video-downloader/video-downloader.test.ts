import { text } from 'node:stream/consumers';
import { expect, onTestFinished, test } from 'vitest';
import { DomainError, type DomainErrorKind } from '#server/lib/domain-errors.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { createYouTubeClient } from '#server/lib/youtube/client.ts';
import { IG, PIN, PIN_SHORT, startMediaUpstreams, YT } from '#test/fixtures/media-upstream/index.ts';
import { createVideoDownloader } from './service.ts';

async function setup(maxBytes = 1024 * 1024) {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  const fetcher = createSafeFetcher({ allowPrivate: upstreams.allowPrivate, userAgent: 'test' });
  const youtube = createYouTubeClient({ fetcher, origin: upstreams.youtube.origin });
  const downloaders = createVideoDownloader({
    fetcher,
    youtube,
    origins: {
      pinterest: upstreams.pinterest.origin,
      pinIt: upstreams.pinIt.origin,
      instagram: upstreams.instagram.origin,
    },
    relay: { basePath: '/api/media/file', maxBytes },
  });
  return { downloaders, upstreams };
}

/** Opens the relay link the way the API does and reports what a browser would receive. */
async function fetchLink(downloaders: Awaited<ReturnType<typeof setup>>['downloaders'], downloadUrl: string) {
  expect(downloadUrl).toMatch(/^\/api\/media\/file\/[\w-]+\.[\w-]+$/);
  const file = await downloaders.relay.open(downloaders.relay.check(downloadUrl.split('/').pop()!));
  const body = await text(file.body);
  return { filename: file.filename, contentType: file.contentType, length: file.contentLength, body };
}

async function failure(promise: Promise<unknown>): Promise<{ kind: DomainErrorKind; message: string }> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { kind: (error as DomainError).kind, message: (error as DomainError).message };
}

test('pinterest: picks the nearest MP4 not above the requested resolution', async () => {
  const { downloaders } = await setup();
  const cases: Array<[number, string]> = [
    [1080, 'pinterest-1001001001001001001-720p.mp4'],
    [720, 'pinterest-1001001001001001001-720p.mp4'],
    [480, 'pinterest-1001001001001001001-480p.mp4'],
    [360, 'pinterest-1001001001001001001-360p.mp4'],
  ];
  for (const [resolution, filename] of cases) {
    const { downloadUrl } = await downloaders.pinterest(`https://www.pinterest.com/pin/${PIN.redux}/`, resolution);
    const file = await fetchLink(downloaders, downloadUrl);
    expect([file.filename, file.contentType, file.length]).toEqual([filename, 'video/mp4', 60_000]);
    expect(file.body.slice(4, 8)).toBe('ftyp');
  }
});

test('pinterest: reads the newer relay-response page data', async () => {
  const { downloaders } = await setup();
  const file = await fetchLink(
    downloaders,
    (await downloaders.pinterest(`https://in.pinterest.com/pin/${PIN.relay}/`, 1080)).downloadUrl,
  );
  expect([file.filename, file.length]).toEqual([`pinterest-${PIN.relay}-1080p.mp4`, 70_000]);
});

test('pinterest: pin.it short links are resolved through the shortener redirects', async () => {
  const { downloaders } = await setup();
  const file = await fetchLink(
    downloaders,
    (await downloaders.pinterest(`https://pin.it/${PIN_SHORT.ok}`, 480)).downloadUrl,
  );
  expect(file.filename).toBe(`pinterest-${PIN.redux}-480p.mp4`);
});

test('pinterest failures', async () => {
  const { downloaders } = await setup();
  const pin = (id: string) => downloaders.pinterest(`https://www.pinterest.com/pin/${id}/`, 720);
  expect((await failure(downloaders.pinterest('https://www.instagram.com/reel/C1aBcDeFgHi/', 720))).kind).toBe(
    'invalid-input',
  );
  expect(await failure(pin(PIN.image))).toEqual({
    kind: 'not-found',
    message: 'This pin has no downloadable video (it may be an image pin).',
  });
  expect(await failure(pin(PIN.missing))).toEqual({
    kind: 'not-found',
    message: 'This pin could not be found. It may have been deleted.',
  });
  expect(await failure(pin(PIN.rateLimited))).toMatchObject({
    kind: 'upstream',
    message:
      "Pinterest refused this server's request (it answered HTTP 429 Too Many Requests: it has seen too many requests from this server). Your link is fine: Pinterest blocks or challenges requests from some server addresses, such as data centres. The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.",
  });
  expect(await failure(pin(PIN.serverError))).toMatchObject({ kind: 'upstream' });
  expect(await failure(downloaders.pinterest(`https://pin.it/${PIN_SHORT.broken}`, 720))).toEqual({
    kind: 'not-found',
    message: 'This pin.it link does not lead to a pin.',
  });
  expect(await failure(downloaders.pinterest('https://pin.it/unknown1', 720))).toEqual({
    kind: 'not-found',
    message: 'This pin.it link does not lead to a pin.',
  });
});

test('instagram: the largest video_versions rendition of a public reel', async () => {
  const { downloaders } = await setup();
  const file = await fetchLink(
    downloaders,
    (await downloaders.instagram(`https://www.instagram.com/reel/${IG.ok}/?igsh=x`)).downloadUrl,
  );
  expect([file.filename, file.length]).toEqual([`instagram-${IG.ok}-1080p.mp4`, 80_000]);
});

test('instagram: falls back to the embed page video_url', async () => {
  const { downloaders } = await setup();
  const file = await fetchLink(
    downloaders,
    (await downloaders.instagram(`https://instagram.com/p/${IG.embedOnly}/`)).downloadUrl,
  );
  expect([file.filename, file.length]).toEqual([`instagram-${IG.embedOnly}.mp4`, 45_000]);
});

test('instagram failures', async () => {
  const { downloaders } = await setup();
  const reel = (code: string) => downloaders.instagram(`https://www.instagram.com/reel/${code}/`);
  expect((await failure(downloaders.instagram('https://www.instagram.com/delhi.food/'))).kind).toBe('invalid-input');
  expect(await failure(reel(IG.private))).toEqual({
    kind: 'not-allowed',
    message:
      "Instagram asked this server to log in, so the reel could not be read. Either the reel is private (only its followers can see it), or Instagram is turning away requests from this server's address; for the second, the site's operator can set MEDIA_PROXY_URL to a proxy with another address.",
  });
  expect(await failure(reel(IG.photo))).toEqual({ kind: 'not-found', message: 'This post has no video to download.' });
  expect((await failure(reel(IG.missing))).kind).toBe('not-found');
  expect((await failure(reel(IG.rateLimited))).kind).toBe('upstream');
  expect((await failure(reel(IG.serverError))).kind).toBe('upstream');
});

test('youtube shorts: the best progressive MP4 with a direct URL', async () => {
  const { downloaders } = await setup();
  const file = await fetchLink(
    downloaders,
    (await downloaders.youtube(`https://www.youtube.com/shorts/${YT.ok}`)).downloadUrl,
  );
  expect([file.filename, file.length]).toEqual([`youtube-short-${YT.ok}-720p.mp4`, 90_000]);
});

test('youtube shorts failures: bad link, cipher-only formats, private video', async () => {
  const { downloaders } = await setup();
  expect((await failure(downloaders.youtube('https://vimeo.com/12345'))).kind).toBe('invalid-input');
  expect(await failure(downloaders.youtube(`https://youtube.com/shorts/${YT.cipherOnly}`))).toEqual({
    kind: 'not-possible',
    message: 'YouTube does not offer a single downloadable file for this video.',
  });
  expect((await failure(downloaders.youtube(`https://youtube.com/shorts/${YT.private}`))).kind).toBe('not-allowed');
});

test('relay: a file above the size cap is refused before any byte is sent', async () => {
  const { downloaders } = await setup(1024 * 1024);
  const { downloadUrl } = await downloaders.youtube(`https://www.youtube.com/shorts/${YT.bigShort}`);
  expect(await failure(downloaders.relay.open(downloaders.relay.check(downloadUrl.split('/').pop()!)))).toEqual({
    kind: 'upstream',
    message: 'The video file is larger than the 1 MB limit of this tool.',
  });
});

test('relay: tampered or foreign tokens are refused', async () => {
  const { downloaders } = await setup();
  const { downloadUrl } = await downloaders.instagram(`https://www.instagram.com/reel/${IG.ok}/`);
  const token = downloadUrl.split('/').pop()!;
  const [payload, signature] = token.split('.');
  const checked = async (given: string) => downloaders.relay.check(given);
  const forged = Buffer.from(
    JSON.stringify({ u: 'http://169.254.169.254/latest/meta-data/', f: 'x.mp4', p: 'X', e: Date.now() + 1e6 }),
  ).toString('base64url');
  expect((await failure(checked(`${forged}.${signature}`))).kind).toBe('not-found');
  // Change the first character to a different one (a fixed replacement would match 1 time in 64).
  const tampered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  expect((await failure(checked(`${payload}.${tampered}`))).kind).toBe('not-found');
  expect((await failure(checked('nonsense'))).kind).toBe('not-found');
});
