import request from 'supertest';
import { expect, test } from 'vitest';
import { IG, PIN, YT } from '#test/fixtures/media-upstream/index.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { createMediaTestApp } from '#test/helpers/media.ts';
import { expectQuotaSpentOnlyByGoodRequests } from '#test/helpers/quota.ts';
import { ARTICLE_RATE_LIMIT, CONTACT_RATE_LIMIT } from '#server/features/leads/forms-router.ts';
import { YOUTUBE_RATE_LIMIT } from '#server/lib/platform-clients.ts';

// Every endpoint with a per-IP quota checks its input first: malformed requests never spend it.
// (The live tools, sitemaps and site audits prove the same in their own test files.)

test('contact: malformed messages spend none of the quota', async () => {
  const { app } = await createTestApp();
  const send = (good: boolean) =>
    request(app)
      .post('/api/contact')
      .send(
        good
          ? { name: 'Asha Verma', email: 'asha@example.in', message: 'Please audit my site.' }
          : { name: '\u0000', email: 'asha@example.in', message: 'x' },
      );
  await expectQuotaSpentOnlyByGoodRequests(send, CONTACT_RATE_LIMIT.limit);
});

test('write for us: malformed submissions spend none of the quota', async () => {
  const { app } = await createTestApp();
  const send = (good: boolean) =>
    request(app)
      .post('/api/writeforus/submit')
      .send(
        good
          ? { title: 'Core updates', author: 'Rohan Mehta', email: 'rohan@example.in', content: 'What we changed.' }
          : { title: '' },
      );
  await expectQuotaSpentOnlyByGoodRequests(send, ARTICLE_RATE_LIMIT.limit);
});

test('anchor text generator: malformed requests spend none of the quota', async () => {
  const { app } = await createTestApp();
  const send = (good: boolean) =>
    request(app)
      .post('/api/bulk-anchor-text-generators/generate')
      .send(good ? { keywords: ['seo'] } : { keywords: 'seo' });
  await expectQuotaSpentOnlyByGoodRequests(send, 60);
});

test('viral prompts: malformed requests spend none of the quota', async () => {
  const { app } = await createTestApp();
  const send = (good: boolean) =>
    request(app)
      .post('/api/viralprompt/generate')
      .send(good ? { input: 'a chai stall reel' } : { input: 42 });
  await expectQuotaSpentOnlyByGoodRequests(send, 30);
});

test('youtube tags and extractor share one quota, transcripts and their downloads another; links to other sites spend neither', async () => {
  const { app } = await createMediaTestApp();
  const videoUrl = (good: boolean) => (good ? `https://www.youtube.com/watch?v=${YT.ok}` : 'https://example.com/video');
  let turn = 0;
  // Both endpoints of a pair in turn, so each is shown to parse before the limiter they share.
  const tags = (good: boolean) => {
    turn += 1;
    return request(app)
      .post(turn % 2 ? '/api/youtube-tag-generator' : '/api/youtube-tags-extractor')
      .send({ videoUrl: videoUrl(good) });
  };
  await expectQuotaSpentOnlyByGoodRequests(tags, YOUTUBE_RATE_LIMIT.limit);
  const transcripts = (good: boolean) => {
    turn += 1;
    if (turn % 2)
      return request(app)
        .post('/api/youtube-transcript/get')
        .send({ videoUrl: videoUrl(good) });
    return request(app)
      .get('/api/youtube-transcript/download')
      .query({ videoUrl: videoUrl(good), lang: '.en', format: 'txt' });
  };
  await expectQuotaSpentOnlyByGoodRequests(transcripts, YOUTUBE_RATE_LIMIT.limit);
});

test('video downloader: wrong-site links spend none of the finding quota, forged file links none of the file quota', async () => {
  const { app } = await createMediaTestApp();
  let turn = 0;
  const find = (good: boolean) => {
    turn += 1;
    if (turn % 3 === 0)
      return request(app)
        .post('/api/pinterest/download')
        .send({ videoUrl: good ? `https://www.pinterest.com/pin/${PIN.redux}/` : 'https://example.com/pin' });
    if (turn % 3 === 1)
      return request(app)
        .post('/api/instagram/download')
        .send({ videoUrl: good ? `https://www.instagram.com/reel/${IG.ok}/` : '' });
    return request(app)
      .post('/api/youtube/download')
      .send({ videoUrl: good ? `https://youtube.com/shorts/${YT.ok}` : 'not a link' });
  };
  await expectQuotaSpentOnlyByGoodRequests(find, 30);

  const { app: other } = await createMediaTestApp();
  const found = await request(other)
    .post('/api/instagram/download')
    .send({ videoUrl: `https://www.instagram.com/reel/${IG.ok}/` });
  expect(found.status).toBe(200);
  const file = async (good: boolean) => {
    if (!good) return request(other).get('/api/media/file/eyJ1IjoiaHR0cDovL3gifQ.forged');
    return request(other).get(found.body.downloadUrl);
  };
  await expectQuotaSpentOnlyByGoodRequests(file, 30, 404);
});
