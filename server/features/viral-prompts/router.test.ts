import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { listViralPrompts } from '#db/viral-prompts.ts';
import { createApp } from '#server/app.ts';
import { createLogger } from '#server/lib/logger.ts';
import { chatAnswer, startFakeLlmServer } from '#test/fixtures/fake-llm-server.ts';
import { createTestApp, noJobs, type TestApp, type TestAppOptions } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { buildPrompt } from './prompt-builder.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  /** A test app on this suite's database; closed after the test. */
  async function appWith(options: TestAppOptions = {}): Promise<TestApp> {
    const made = await createTestApp({ dialect, ...options });
    apps.push(made);
    return made;
  }

  test('GET lists the curated prompts of each category, seeded at boot', async () => {
    const { app } = await appWith();
    for (const category of ['image', 'video', 'text', 'audio']) {
      const res = await request(app).get(`/api/viralprompt/generate?category=${category}`);
      expect(res.status).toBe(200);
      expect(res.body.prompts.length).toBeGreaterThanOrEqual(10);
      expect(res.body.prompts.every((prompt: unknown) => typeof prompt === 'string')).toBe(true);
    }
  });

  test('booting twice on the same database does not duplicate the seed', async () => {
    const first = await appWith();
    const before = (await listViralPrompts(first.db, 'video')).length;
    // A second app on the same database, prepared as a restarted server (or a second process) is.
    const second = createApp({ config: first.config, db: first.db, log: createLogger('silent'), jobs: noJobs() });
    await second.locals.prepare();
    await second.locals.shutdown();
    expect(await listViralPrompts(first.db, 'video')).toHaveLength(before);
  });

  test('GET refuses an unknown or repeated category with 400', async () => {
    const { app } = await appWith();
    for (const query of ['category=smell', 'category=IMAGE', 'category=image&category=video', 'category=']) {
      const res = await request(app).get(`/api/viralprompt/generate?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ error: 'Category must be one of: image, video, text, audio.' });
    }
  });

  test('POST expands an idea with the builder when no model is configured', async () => {
    const { app } = await appWith();
    const res = await request(app)
      .post('/api/viralprompt/generate')
      .send({ input: 'a cat surfing at sunset', category: 'video' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ prompt: buildPrompt('a cat surfing at sunset', 'video') });
    const plain = await request(app).post('/api/viralprompt/generate').send({ input: 'a cat surfing at sunset' });
    expect(plain.body.prompt).toBe(buildPrompt('a cat surfing at sunset', 'image'));
  });

  test('POST refuses blank, over-long, non-text input and unknown categories with 400', async () => {
    const { app } = await appWith();
    const cases: Array<[unknown, string]> = [
      [{ input: '' }, 'Please describe your idea first.'],
      [{ input: '   \n ' }, 'Please describe your idea first.'],
      [{}, 'Send the idea as text in "input".'],
      [{ input: 7 }, 'Send the idea as text in "input".'],
      [{ input: 'x'.repeat(501) }, 'Please keep the idea to 500 characters or fewer.'],
      [{ input: 'ok', category: 'smell' }, 'Category must be one of: image, video, text, audio.'],
    ];
    for (const [body, error] of cases) {
      const res = await request(app)
        .post('/api/viralprompt/generate')
        .send(body as object);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
  });

  test('POST uses the configured model on loopback and falls back when it fails', async () => {
    let fail = false;
    const fake = await startFakeLlmServer((_req, res) => {
      if (fail) {
        res.statusCode = 503;
        res.end('{}');
      } else res.end(chatAnswer('A dreamy film still of a cat surfing a glowing wave at sunset.'));
    });
    try {
      const { app } = await appWith({
        env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'tiny' },
      });
      const good = await request(app)
        .post('/api/viralprompt/generate')
        .send({ input: 'cat surfing', category: 'image' });
      expect(good.body).toEqual({ prompt: 'A dreamy film still of a cat surfing a glowing wave at sunset.' });
      expect(fake.requests[0].body).toMatchObject({ model: 'tiny' });
      fail = true;
      const fallback = await request(app)
        .post('/api/viralprompt/generate')
        .send({ input: 'cat surfing', category: 'image' });
      expect(fallback.status).toBe(200);
      expect(fallback.body).toEqual({ prompt: buildPrompt('cat surfing', 'image') });
    } finally {
      await fake.close();
    }
  });

  test('the page server-renders the four fixed prompts and the curated image prompts', async () => {
    const { app } = await appWith();
    const res = await request(app).get('/viral-prompts');
    expect(res.status).toBe(200);
    expect(res.text.match(/class="prompt-item"/g)?.length).toBeGreaterThanOrEqual(14);
    expect(res.text).toContain('Generate Prompt');
  });

  test('prompt generation is limited to 30 requests a minute per client', async () => {
    const { app } = await appWith();
    for (let i = 0; i < 30; i += 1) {
      expect(
        (
          await request(app)
            .post('/api/viralprompt/generate')
            .send({ input: `idea ${i}` })
        ).status,
      ).toBe(200);
    }
    expect((await request(app).post('/api/viralprompt/generate').send({ input: 'one more' })).status).toBe(429);
  });
});
