import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import { insertPost } from '#db/posts.ts';
import type { Dialect } from '#db/index.ts';
import { NotPossibleError } from '#server/lib/domain-errors.ts';
import type { JobEvent } from '#server/lib/jobs/index.ts';
import { ADMIN_PASSWORD, adminSession } from '#test/helpers/admin.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { DIALECTS } from '#test/helpers/databases.ts';
import { jobRenderer, MARKDOWN_RENDER_JOB } from './render-job.ts';

// Decision 0051: Markdown is rendered once, when a post is saved, in a job thread with a time budget;
// pages read what was stored, and nothing past the nesting limits reaches the parser.
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function signedIn(options: { dialect?: Dialect; database?: TestApp['database'] } = {}) {
  const testApp = await createTestApp({ env: { ADMIN_PASSWORD }, ...options });
  apps.push(testApp);
  return { ...testApp, ...(await adminSession(testApp.app, { page: '/admin/posts' })) };
}

const fields = {
  title: 'Rendered once',
  slug: 'rendered-once',
  category: 'seo-guides',
  description: 'A post whose page shows the HTML stored when it was saved, whatever its Markdown says now.',
  status: 'published',
  body: '## Saved text\n\nThe words of the save.',
};

/** A row as a version of the site before migration 0019 left it: Markdown, no rendering. */
function unrenderedRow(slug: string, body: string) {
  const at = Date.parse('2026-01-05T00:00:00Z');
  return {
    ...{ id: slug.padEnd(32, '0').slice(0, 32), slug, category: 'seo-guides', title: `Old ${slug}`, seo_title: null },
    ...{ description: 'Saved before posts kept their rendering.', body, tags: '[]', faq: '[]', author: null },
    ...{ cover_image: null, cover_alt: null, status: 'published' as const, published_at: at, updated_at: at },
    ...{ created_at: at, indexnow: null, html: null, toc: null, words: null },
  };
}

describe.each(DIALECTS)('%s', (dialect) => {
  test('a hostile preview or save is refused 400 with the limit named, before any job renders it', async () => {
    const { post, jobs } = await signedIn({ dialect });
    const quotes = await post('/admin/posts/preview').send({ body: '>'.repeat(50_000) });
    expect([quotes.status, quotes.body.error]).toEqual([
      400,
      'body: line 1 nests block quotes and lists 50000 levels deep; at most 40 (each two spaces of indentation count as a level)',
    ]);
    const emphasis = await post('/admin/posts').send({ ...fields, body: '*a'.repeat(20_000) });
    expect([emphasis.status, emphasis.body.error]).toEqual([
      400,
      'body: the paragraph from line 1 has more than 1000 runs of *, _ or ~; split it with blank lines',
    ]);
    expect(await jobs.counts(MARKDOWN_RENDER_JOB)).toEqual({ queued: 0, active: 0 });
  });

  test('a page shows the HTML stored when the post was saved: a view renders nothing', async () => {
    const { app, db, post } = await signedIn({ dialect });
    expect((await post('/admin/posts').send(fields)).status).toBe(201);
    const stored = await db
      .selectFrom('posts')
      .select(['html', 'words'])
      .where('slug', '=', fields.slug)
      .executeTakeFirstOrThrow();
    expect(stored.html).toContain('<h2 id="saved-text">Saved text');
    expect(Number(stored.words)).toBe(7);
    // Only the Markdown changes, behind the site's back: the page still shows the rendering of the save.
    await db.updateTable('posts').set({ body: '# Changed behind its back' }).where('slug', '=', fields.slug).execute();
    const page = await request(app).get('/seo-guides/rendered-once');
    expect(page.text).toContain('The words of the save.');
    expect(page.text).not.toContain('Changed behind its back');
  });

  test('posts saved before the rendering was stored are rendered at the next boot; one past the limits shows as text', async () => {
    const first = await createTestApp({ dialect });
    apps.push(first);
    await insertPost(first.db, unrenderedRow('older-post', '## From before\n\nStill *here*.'));
    await insertPost(first.db, unrenderedRow('hostile-post', `${'>'.repeat(3_000)} deep`));
    await first.stop();
    const { app, db } = await signedIn({ database: first.database });
    const rows = await db.selectFrom('posts').select(['slug', 'html']).where(sql.ref('html'), 'is', null).execute();
    expect(rows).toEqual([]);
    const older = await request(app).get('/seo-guides/older-post');
    expect(older.text).toContain('<h2 id="from-before">From before');
    expect(older.text).toContain('Still <em>here</em>.');
    const hostile = await request(app).get('/seo-guides/hostile-post');
    expect(hostile.status).toBe(200);
    expect(hostile.text).toContain(`<p>${'&gt;'.repeat(3_000)} deep</p>`);
  });

  test('/healthz answers while a preview renders in a job thread', async () => {
    const { app, jobs, post } = await signedIn({ dialect });
    // The readiness signal: the thread says it has started to render (a progress event).
    let started!: () => void;
    const rendering = new Promise<void>((resolve) => (started = resolve));
    const watch = jobs.watch.bind(jobs);
    jobs.watch = (name: string, id: string, listener: (event: JobEvent) => void) =>
      watch(name, id, (event) => {
        if (name === MARKDOWN_RENDER_JOB && event.type === 'progress') started();
        listener(event);
      });
    // Near the limits: twenty paragraphs of 900 emphasis runs each, a second or more of parsing.
    const heavy = Array.from({ length: 20 }, () => '*a'.repeat(900)).join('\n\n');
    let answered = false;
    const preview = post('/admin/posts/preview')
      .send({ body: heavy })
      .then((res) => ((answered = true), res));
    await rendering;
    const health = await request(app).get('/healthz');
    expect([health.status, answered]).toEqual([200, false]);
    expect([200, 422]).toContain((await preview).status);
  });

  test("a render past its time budget is refused (422); the budget counts from the parser's start", async () => {
    const { jobs } = await signedIn({ dialect });
    const text = Array.from({ length: 2 }, () => '*a'.repeat(900)).join('\n\n');
    // Within the budget the text renders, in a job thread (and the thread is warm for what follows).
    expect((await jobRenderer(jobs)(text)).html).toContain('<em>a</em>');
    const refusal = await jobRenderer(jobs, { budgetMs: 1 })(text).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NotPossibleError);
    expect((refusal as Error).message).toBe(
      'Rendering this text took longer than 0.001 seconds, the limit; shorten it or split its longest paragraphs.',
    );
  });
});
