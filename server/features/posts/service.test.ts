import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Db } from '#db/index.ts';
import { createLogger } from '#server/lib/logger.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { POST_LIMITS, type PostFieldsInput } from './post-file.ts';
import { createPostsService, VERSION_CHECK_MS, type PostChange } from './service.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-12-01T09:00:00Z');

function fields(overrides: Partial<PostFieldsInput> = {}): PostFieldsInput {
  return {
    title: 'Local SEO for clinics',
    slug: 'local-seo-for-clinics',
    category: 'seo-guides',
    description: 'How a clinic in Delhi NCR gets found on Google Maps and in local results.',
    tags: ['local seo', 'clinics'],
    status: 'published',
    body: '## Why it matters\n\nPatients search on their phones.',
    ...overrides,
  };
}

describe.each(DIALECTS)('%s', (dialect) => {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await closeTestDatabase(db);
  });

  async function service(options: { samples?: boolean } = {}) {
    const db = await openTestDatabase(dialect);
    opened.push(db);
    const clock = { now: START };
    const changes: PostChange[] = [];
    const posts = createPostsService({
      db,
      log: createLogger('silent'),
      now: () => clock.now,
      onChange: (change) => changes.push(change),
    });
    if (options.samples) await posts.prepare();
    return { db, posts, clock, changes };
  }

  test('the sample posts are added at first boot only: a deleted one stays deleted', async () => {
    const { posts } = await service({ samples: true });
    const live = await posts.summaries();
    expect(live.map((post) => post.slug).sort()).toEqual(
      posts
        .samples()
        .map((post) => post.slug)
        .sort(),
    );
    const first = (await posts.live())[0]!;
    await posts.remove(first.id);
    await posts.prepare();
    expect((await posts.live()).map((post) => post.id)).not.toContain(first.id);
    expect(await posts.live()).toHaveLength(live.length - 1);
  });

  test('a published post is live at its address; a draft is not; a changed slug answers with a redirect', async () => {
    const { posts, changes } = await service();
    const draft = await posts.create(fields({ slug: 'draft-one', status: 'draft' }));
    expect(await posts.reader.post('seo-guides', 'draft-one')).toBeUndefined();
    const post = await posts.create(fields());
    const found = await posts.reader.post('seo-guides', 'local-seo-for-clinics');
    expect(found && 'post' in found && found.post.title).toBe('Local SEO for clinics');
    await posts.update(post.id, fields({ slug: 'clinic-seo', category: 'digital-marketing' }));
    expect(await posts.reader.post('seo-guides', 'local-seo-for-clinics')).toEqual({
      redirect: '/digital-marketing/clinic-seo',
    });
    // Taking the old slug back: it is the post's address again, not a redirect to itself.
    await posts.update(post.id, fields());
    expect(await posts.reader.post('seo-guides', 'local-seo-for-clinics')).toMatchObject({
      post: { slug: 'local-seo-for-clinics' },
    });
    expect(await posts.reader.post('digital-marketing', 'clinic-seo')).toEqual({
      redirect: '/seo-guides/local-seo-for-clinics',
    });
    expect(changes.map((change) => [change.kind, change.paths])).toEqual([
      ['published', ['/seo-guides/local-seo-for-clinics']],
      ['updated', ['/digital-marketing/clinic-seo', '/seo-guides/local-seo-for-clinics']],
      ['updated', ['/seo-guides/local-seo-for-clinics', '/digital-marketing/clinic-seo']],
    ]);
    await posts.remove(draft.id);
    expect(changes).toHaveLength(3);
  });

  test('slugs are unique: a second post with a taken slug is refused with the title that has it', async () => {
    const { posts } = await service();
    await posts.create(fields());
    await expect(posts.create(fields({ category: 'career-guidance' }))).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The slug "local-seo-for-clinics" is taken by "Local SEO for clinics".',
    });
  });

  test('a scheduled post appears exactly when its time comes, and the pages revision moves then', async () => {
    const { posts, clock, changes } = await service();
    const at = START + 2 * 3_600_000;
    await posts.create(fields({ status: 'scheduled', published: new Date(at).toISOString() }));
    const before = posts.revision();
    // Saved for later: nothing to tell search engines yet.
    expect(changes).toEqual([]);
    clock.now = at - 1;
    expect(await posts.reader.post('seo-guides', 'local-seo-for-clinics')).toBeUndefined();
    expect((await posts.reader.category('seo-guides', 1)).total).toBe(0);
    expect(posts.revision()).toBe(before);
    clock.now = at;
    expect(await posts.reader.post('seo-guides', 'local-seo-for-clinics')).toMatchObject({
      post: { slug: 'local-seo-for-clinics' },
    });
    expect((await posts.reader.category('seo-guides', 1)).total).toBe(1);
    expect(posts.revision()).not.toBe(before);
    // It went live on its own: the IndexNow check finds it once, for the window its time fell in.
    expect(await posts.wentLive(START, at - 1)).toEqual([]);
    expect((await posts.wentLive(at - 1, at)).map((change) => change.paths)).toEqual([
      ['/seo-guides/local-seo-for-clinics'],
    ]);
    expect(await posts.wentLive(at, at + DAY)).toEqual([]);
  });

  test('a save in another process (same database) changes this process pages revision within VERSION_CHECK_MS', async () => {
    const { db, posts, clock } = await service();
    const other = createPostsService({ db, log: createLogger('silent'), now: () => clock.now });
    const before = posts.revision();
    // Its first look at the version mark ends before the other process saves (else it would only learn
    // the new mark as its first, with nothing to compare it with).
    await posts.versionChecked();
    await other.create(fields());
    expect(posts.revision()).toBe(before);
    clock.now += VERSION_CHECK_MS;
    await vi.waitFor(() => expect(posts.revision()).not.toBe(before));
    expect(await posts.reader.post('seo-guides', 'local-seo-for-clinics')).toMatchObject({
      post: { slug: 'local-seo-for-clinics' },
    });
  });

  test('category pages list live posts newest first, ten a page', async () => {
    const { posts } = await service();
    for (let n = 0; n < 12; n++)
      await posts.create(
        fields({ slug: `post-${n}`, title: `Post ${n}`, published: new Date(START - n * DAY).toISOString() }),
      );
    const first = await posts.reader.category('seo-guides', 1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.posts.map((post) => post.slug)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `post-${n}`));
    expect((await posts.reader.category('seo-guides', 2)).posts.map((post) => post.slug)).toEqual([
      'post-10',
      'post-11',
    ]);
  });

  test('bad fields are refused with a message that names the field; every limit is explicit', async () => {
    const { posts } = await service();
    const refused = (input: PostFieldsInput) =>
      expect(posts.create(input)).rejects.toMatchObject({ kind: 'invalid-input' });
    await refused(fields({ slug: 'Not A Slug' }));
    await refused(fields({ category: 'recipes' as never }));
    await refused(fields({ title: '' }));
    await refused(fields({ body: 'x'.repeat(POST_LIMITS.bodyChars + 1) }));
    await refused(fields({ tags: Array.from({ length: POST_LIMITS.tags + 1 }, (_, n) => `tag ${n}`) }));
    await refused(fields({ status: 'scheduled' }));
    await expect(posts.create(fields({ slug: 'Bad Slug' }))).rejects.toThrow(
      /^slug: lowercase letters, digits and single hyphens$/,
    );
    await expect(posts.create(fields({ body: 'x'.repeat(POST_LIMITS.bodyChars) }))).resolves.toBeDefined();
  });
});
