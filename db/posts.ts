import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Selectable } from 'kysely';
import type { Db } from './index.ts';
import type { Tables } from './schema.ts';

/** The shipped sample posts (Markdown with front matter); from db/posts.ts and dist/server.js alike. */
export const SAMPLE_POSTS_DIR = fileURLToPath(new URL('../db/seed/posts/', import.meta.url));
/** The app_meta row that says the sample posts were seeded once: deleting them later is for good. */
export const POSTS_SEEDED_KEY = 'posts_seeded';

export type PostRow = Selectable<Tables['posts']>;
export type NewPostRow = Tables['posts'];

/** What listings show of a post (category pages, related posts, feeds, the sitemap): never its text. */
const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'category',
  'title',
  'seo_title',
  'description',
  'tags',
  'author',
  'cover_image',
  'cover_alt',
  'status',
  'published_at',
  'updated_at',
  'created_at',
  'words',
] as const;
export type PostSummaryRow = Pick<PostRow, (typeof SUMMARY_COLUMNS)[number]>;

/** Live: published, or scheduled, with its time come. */
function live(db: Db, now: number) {
  return db
    .selectFrom('posts')
    .select(SUMMARY_COLUMNS)
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '<=', now);
}

/** A live post as its page shows it: everything but the Markdown (the page reads the HTML rendered when it was saved). */
export async function livePost(
  db: Db,
  category: string,
  slug: string,
  now: number,
): Promise<(PostSummaryRow & Pick<PostRow, 'html' | 'toc' | 'faq'>) | undefined> {
  return live(db, now)
    .select(['html', 'toc', 'faq'])
    .where('category', '=', category)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function liveInCategory(
  db: Db,
  category: string,
  now: number,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: PostSummaryRow[]; total: number }> {
  const rows = await live(db, now)
    .where('category', '=', category)
    .orderBy('published_at', 'desc')
    .orderBy('title')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '<=', now)
    .where('category', '=', category)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Every live post, newest first (feeds, the sitemap, related posts). */
export async function allLive(db: Db, now: number, limit = 10_000): Promise<PostSummaryRow[]> {
  return live(db, now).orderBy('published_at', 'desc').orderBy('title').limit(limit).execute();
}

/** Posts whose publication time fell in (from, to] and that were last saved before it: they went live on their own. */
export async function becameLive(db: Db, from: number, to: number): Promise<PostRow[]> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '>', from)
    .where('published_at', '<=', to)
    .whereRef('updated_at', '<', 'published_at')
    .execute();
}

/** Publication times still to come: the moments the site changes without anyone saving. */
export async function upcomingTimes(db: Db, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('posts')
    .select('published_at')
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '>', now)
    .orderBy('published_at')
    .execute();
  return rows.map((row) => Number(row.published_at));
}

export async function listPosts(db: Db): Promise<PostRow[]> {
  return db.selectFrom('posts').selectAll().orderBy('updated_at', 'desc').orderBy('title').execute();
}

export async function postById(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function postBySlug(db: Db, slug: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function redirectFor(db: Db, path: string): Promise<PostRow | undefined> {
  return db
    .selectFrom('post_redirects')
    .innerJoin('posts', 'posts.id', 'post_redirects.post_id')
    .selectAll('posts')
    .where('post_redirects.path', '=', path)
    .executeTakeFirst();
}

export async function insertPost(db: Db, row: NewPostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute();
}

/**
 * Saves a post. When its address changes the old one answers 301 from now on (and an address the
 * post takes back stops redirecting to itself).
 */
export async function updatePost(db: Db, row: NewPostRow, oldPath: string, newPath: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set(row).where('id', '=', row.id).execute();
    await trx.deleteFrom('post_redirects').where('path', '=', newPath).execute();
    if (oldPath !== newPath) {
      await trx
        .insertInto('post_redirects')
        .values({ path: oldPath, post_id: row.id })
        .onConflict((oc) => oc.column('path').doUpdateSet({ post_id: row.id }))
        .execute();
    }
  });
}

export async function deletePost(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What rendering a post's Markdown gave (decision 0051): stored with the post, read by its page. */
export interface RenderedColumns {
  html: string;
  toc: string;
  words: number;
}

/** Posts not rendered yet (saved before migration 0019): their Markdown, to render once. */
export async function unrenderedPosts(db: Db): Promise<Array<Pick<PostRow, 'id' | 'body'>>> {
  return db.selectFrom('posts').select(['id', 'body']).where('html', 'is', null).execute();
}

export async function setRendered(db: Db, id: string, rendered: RenderedColumns): Promise<void> {
  await db.updateTable('posts').set(rendered).where('id', '=', id).execute();
}

export async function setIndexNowResult(db: Db, id: string, result: string): Promise<void> {
  await db.updateTable('posts').set({ indexnow: result }).where('id', '=', id).execute();
}

/** The app_meta row that changes with every save or delete of a post, in any process. */
export const POSTS_VERSION_KEY = 'posts_version';

/** Marks that posts changed; returns the new mark. Other web processes compare it to drop their cached pages. */
export async function bumpPostsVersion(db: Db): Promise<string> {
  const value = randomBytes(8).toString('hex');
  await db
    .insertInto('app_meta')
    .values({ key: POSTS_VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}

export async function readPostsVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', POSTS_VERSION_KEY).executeTakeFirst();
  return row?.value ?? '';
}

export async function wasSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', POSTS_SEEDED_KEY).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the sample posts once, with the mark that says so, in one transaction (several processes may boot at once). */
export async function seedPosts(db: Db, rows: NewPostRow[], now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('app_meta')
      .values({ key: POSTS_SEEDED_KEY, value: new Date(now).toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    let added = 0;
    for (const row of rows) {
      const result = await trx
        .insertInto('posts')
        .values(row)
        .onConflict((oc) => oc.column('slug').doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  });
}

export async function imageSizes(db: Db, ids: string[]): Promise<Map<string, { width: number; height: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('post_images').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { width: Number(row.width), height: Number(row.height) }]));
}

export async function insertImage(
  db: Db,
  image: { id: string; width: number; height: number; created_at: number },
  files: Array<{ width: number; format: string; body: Buffer }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('post_images').values(image).execute();
    for (const file of files)
      await trx
        .insertInto('post_image_files')
        .values({ image_id: image.id, ...file })
        .execute();
  });
}

export async function imageFile(db: Db, id: string, width: number, format: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('post_image_files')
    .select('body')
    .where('image_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
  return row ? Buffer.from(row.body) : undefined;
}
