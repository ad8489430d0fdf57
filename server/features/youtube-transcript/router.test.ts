import request from 'supertest';
import { expect, test } from 'vitest';
import { OK_CAPTIONS, YT } from '#test/fixtures/media-upstream/index.ts';
import { createMediaTestApp } from '#test/helpers/media.ts';

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

test('transcript: text, timed segments, language and the other tracks', async () => {
  const { app } = await createMediaTestApp();
  const res = await request(app)
    .post('/api/youtube-transcript/get')
    .send({ videoUrl: `https://youtu.be/${YT.ok}` });
  expect(res.status).toBe(200);
  expect(res.body.transcript).toBe(OK_CAPTIONS.join('\n'));
  expect(res.body.segments[0]).toEqual({ start: 0, duration: 2.5, text: OK_CAPTIONS[0] });
  expect(res.body.language).toBe('en');
  expect(res.body.languages.map((l: { id: string }) => l.id)).toEqual(['.en', '.hi', 'a.en']);
  const hindi = await request(app)
    .post('/api/youtube-transcript/get')
    .send({ videoUrl: watch(YT.ok), lang: '.hi' });
  expect([hindi.status, hindi.body.language]).toEqual([200, 'hi']);
});

test('transcript errors: 400 bad input, 403 private, 404 missing, 502 upstream trouble', async () => {
  const { app } = await createMediaTestApp();
  const ask = (body: unknown) =>
    request(app)
      .post('/api/youtube-transcript/get')
      .send(body as object);
  const results = await Promise.all([
    ask({}),
    ask({ videoUrl: '   ' }),
    ask({ videoUrl: 'https://vimeo.com/1234' }),
    ask({ videoUrl: watch(YT.ok), lang: 'zz' }),
    ask({ videoUrl: watch(YT.noCaptions) }),
    ask({ videoUrl: watch(YT.private) }),
    ask({ videoUrl: watch(YT.unavailable) }),
    ask({ videoUrl: watch(YT.rateLimited) }),
    ask({ videoUrl: watch(YT.serverError) }),
  ]);
  expect(results.map((res) => [res.status, res.body.error])).toEqual([
    [400, 'Please enter a YouTube video URL.'],
    [400, 'Please enter a YouTube video URL.'],
    [400, 'Please enter a valid YouTube video URL (watch, youtu.be, shorts or embed link).'],
    [400, 'That caption language is not available for this video.'],
    [404, 'This video has no captions or subtitles to read.'],
    [403, 'This video is private.'],
    [404, 'This video is unavailable: Video unavailable'],
    [
      502,
      "YouTube refused this server's request (it answered HTTP 429 Too Many Requests: it has seen too many requests from this server). Your link is fine: YouTube blocks or challenges requests from some server addresses, such as data centres. The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.",
    ],
    [502, 'YouTube answered with an error (HTTP 500). Please try again later.'],
  ]);
});

test('transcript downloads: TXT, SRT and PDF with file names', async () => {
  const { app } = await createMediaTestApp();
  const get = (format: string) =>
    request(app)
      .get('/api/youtube-transcript/download')
      .query({ videoUrl: watch(YT.ok), lang: '.en', format })
      .buffer(true);
  const txt = await get('txt');
  expect(txt.status).toBe(200);
  expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(txt.headers['content-disposition']).toContain('attachment; filename="transcript-okCaptions1-en.txt"');
  expect(txt.text).toBe(`${OK_CAPTIONS.join('\n')}\n`);
  const srt = await get('srt');
  expect(srt.headers['content-disposition']).toContain('transcript-okCaptions1-en.srt');
  expect(srt.text.split('\n').slice(0, 3)).toEqual(['1', '00:00:00,000 --> 00:00:02,500', OK_CAPTIONS[0]]);
  const pdf = await request(app)
    .get('/api/youtube-transcript/download')
    .query({ videoUrl: watch(YT.ok), format: 'pdf' })
    .responseType('blob');
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
  const bad = await get('docx');
  expect([bad.status, bad.body.error]).toEqual([400, 'Format must be txt, srt or pdf.']);
  const none = await request(app)
    .get('/api/youtube-transcript/download')
    .query({ videoUrl: watch(YT.noCaptions), format: 'txt' });
  expect(none.status).toBe(404);
});
