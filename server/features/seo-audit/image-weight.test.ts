import { afterEach, expect, test, vi } from 'vitest';
import {
  CHUNKED_BYTES,
  HERO_BYTES,
  RANGED_BYTES,
  SMALL_BYTES,
  startImageWeightSite,
} from '#test/fixtures/image-weight-site.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { imageUrls, weighImages } from './image-weight.ts';
import { auditUrl } from './service.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Timings frozen at 0: the speed estimate then depends on the page alone, exactly. */
function fetcherFor(hostPort: string) {
  return createSafeFetcher({ allowPrivate: [hostPort], userAgent: 'test-bot', clock: () => 0 });
}

test('a 2.3 MB image costs the speed estimate the documented 33 points, and the report names it', async () => {
  const site = await startImageWeightSite();
  const fetcher = fetcherFor(site.hostPort);
  const light = await auditUrl(`${site.origin}/light`, { fetcher });
  const heavy = await auditUrl(`${site.origin}/heavy`, { fetcher });
  await site.close();
  // Both: no compression on the loopback fixture (10 points), nothing else but the images.
  expect([light.pageSpeedSource, light.pageSpeedScore]).toEqual(['estimate', 90]);
  // The heaviest image: 20 (over 1.5 MB); all images, 2.32 MB: 13.2; 90 - 33.2 = 56.8, shown as 57.
  expect(heavy.pageSpeedScore).toBe(57);
  expect(heavy.facts.imageWeight).toEqual({
    checked: 2,
    capped: false,
    measured: 2,
    totalBytes: HERO_BYTES + SMALL_BYTES,
    heaviest: [
      { url: `${site.origin}/hero.jpg`, bytes: HERO_BYTES },
      { url: `${site.origin}/small.jpg`, bytes: SMALL_BYTES },
    ],
  });
  expect(light.facts.imageWeight.totalBytes).toBe(SMALL_BYTES);
  // Sizes come from HEAD: no image body was downloaded.
  expect(site.requests.filter((line) => line.endsWith('.jpg'))).toEqual([
    'HEAD /small.jpg',
    'HEAD /hero.jpg',
    'HEAD /small.jpg',
  ]);
});

test('HEAD refused: a ranged GET, else the body counted up to the cap; endless, private and missing images are left out', async () => {
  const site = await startImageWeightSite();
  const sources = [
    '/ranged.jpg',
    '/chunked.jpg',
    '/endless.jpg',
    '/private.jpg',
    '/missing.jpg',
    'data:image/gif;base64,R0lGOD',
  ];
  const weights = await weighImages(fetcherFor(site.hostPort), sources, `${site.origin}/awkward`, {
    limits: { readMaxBytes: 256 * 1024 },
  });
  await site.close();
  expect(weights).toEqual({
    checked: 5,
    capped: false,
    measured: 2,
    totalBytes: RANGED_BYTES + CHUNKED_BYTES,
    heaviest: [
      { url: `${site.origin}/ranged.jpg`, bytes: RANGED_BYTES },
      { url: `${site.origin}/chunked.jpg`, bytes: CHUNKED_BYTES },
    ],
  });
  // Its redirect to a private address is refused by the guarded fetcher: one request, then nothing.
  expect(site.requests.filter((line) => line.includes('/private'))).toEqual(['HEAD /private.jpg']);
  // HEAD first everywhere; a GET only where HEAD was refused (405), not where the image is missing (404).
  expect(site.requests.filter((line) => line.startsWith('GET')).sort()).toEqual([
    'GET /chunked.jpg',
    'GET /endless.jpg',
    'GET /ranged.jpg',
  ]);
});

test('an image that never answers is given up after 5 seconds and left out; the others still count', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startImageWeightSite();
  const pending = weighImages(fetcherFor(site.hostPort), ['/hang.jpg', '/small.jpg'], `${site.origin}/light`, {
    limits: { concurrency: 1 },
  });
  await site.received('HEAD /hang.jpg');
  await vi.advanceTimersByTimeAsync(5_000);
  const weights = await pending;
  await site.close();
  expect(weights).toEqual({
    checked: 2,
    capped: false,
    measured: 1,
    totalBytes: SMALL_BYTES,
    heaviest: [{ url: `${site.origin}/small.jpg`, bytes: SMALL_BYTES }],
  });
});

test('the whole weighing stops at its 8 second deadline: what is unfinished is left out', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const site = await startImageWeightSite();
  const pending = weighImages(fetcherFor(site.hostPort), ['/small.jpg', '/hang.jpg'], `${site.origin}/light`, {
    // One at a time: the hanging image is asked for only once the small one has its size.
    limits: { concurrency: 1, timeoutMs: 60_000 },
  });
  await site.received('HEAD /hang.jpg');
  await vi.advanceTimersByTimeAsync(8_000);
  const weights = await pending;
  await site.close();
  expect(weights).toMatchObject({ checked: 2, capped: false, measured: 1, totalBytes: SMALL_BYTES });
});

test('at most 20 images are weighed, four at a time; the rest of the page is not asked about', async () => {
  const site = await startImageWeightSite();
  const report = await auditUrl(`${site.origin}/many`, { fetcher: fetcherFor(site.hostPort) });
  await site.close();
  expect(report.facts.images.total).toBe(25);
  expect(report.facts.imageWeight).toMatchObject({ checked: 20, capped: true, measured: 20, totalBytes: 20_000 });
  expect(report.facts.imageWeight.heaviest).toHaveLength(5);
  const asked = site.requests.filter((line) => line.startsWith('HEAD /many/'));
  expect(asked).toHaveLength(20);
  expect(asked).not.toContain('HEAD /many/21.jpg');
});

test('image addresses: resolved against the page, fragments dropped, duplicates and non-http sources skipped, capped', () => {
  expect(
    imageUrls(
      [
        '/a.jpg',
        'a.jpg#x',
        'https://cdn.example.com/b.png',
        'data:image/png;base64,AAAA',
        'javascript:x',
        '//cdn.example.com/c.png',
        '/d.jpg',
      ],
      'https://shop.example.com/blog/post',
      4,
    ),
  ).toEqual({
    urls: [
      'https://shop.example.com/a.jpg',
      'https://shop.example.com/blog/a.jpg',
      'https://cdn.example.com/b.png',
      'https://cdn.example.com/c.png',
    ],
    capped: true,
  });
  // The same image written twice is one address, and no reason to say some were left out.
  expect(imageUrls(['/a.jpg', '/a.jpg#top', '/a.jpg'], 'https://shop.example.com/', 1)).toEqual({
    urls: ['https://shop.example.com/a.jpg'],
    capped: false,
  });
});
