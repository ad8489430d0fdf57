import request from 'supertest';
import { expect, test } from 'vitest';
import { OK_KEYWORDS, OK_TITLE, YT } from '#test/fixtures/media-upstream/index.ts';
import { createMediaTestApp } from '#test/helpers/media.ts';
import { youtubeTagsLength } from '#views/tools/youtube-tags/logic.ts';

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

test('tag generator: real tags plus suggestions', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app)
    .post('/api/youtube-tag-generator')
    .send({ videoUrl: `https://www.youtube.com/shorts/${YT.ok}` });
  expect(res.status).toBe(200);
  expect(res.body.tags.slice(0, OK_KEYWORDS.length)).toEqual(OK_KEYWORDS);
  expect(res.body.tags.length).toBeGreaterThan(OK_KEYWORDS.length);
  expect(res.body.videoTags).toEqual(OK_KEYWORDS);
  expect(res.body.title).toBe(OK_TITLE);
  expect(res.body.characterCount).toBe(youtubeTagsLength(res.body.tags));
  const bad = await request(app).post('/api/youtube-tag-generator').send({ videoUrl: 'https://example.com/video' });
  expect(bad.status).toBe(400);
  const down = await request(app)
    .post('/api/youtube-tag-generator')
    .send({ videoUrl: watch(YT.serverError) });
  expect(down.status).toBe(502);
});

test('tags extractor: the video tags, title and channel', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app)
    .post('/api/youtube-tags-extractor')
    .send({ videoUrl: `https://m.youtube.com/watch?v=${YT.ok}` });
  expect(res.body).toEqual({ tags: OK_KEYWORDS, title: OK_TITLE, channel: 'Delhi SEO Hub' });
  const untagged = await request(app)
    .post('/api/youtube-tags-extractor')
    .send({ videoUrl: watch(YT.noCaptions) });
  expect(untagged.body.tags).toEqual([]);
  const privateVideo = await request(app)
    .post('/api/youtube-tags-extractor')
    .send({ videoUrl: watch(YT.private) });
  expect(privateVideo.status).toBe(403);
});
