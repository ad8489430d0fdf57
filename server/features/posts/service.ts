import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  allLive,
  becameLive,
  bumpPostsVersion,
  deletePost,
  imageSizes,
  insertPost,
  liveInCategory,
  listPosts,
  livePost,
  postById,
  postBySlug,
  readPostsVersion,
  redirectFor,
  SAMPLE_POSTS_DIR,
  seedPosts,
  updatePost,
  upcomingTimes,
  type NewPostRow,
  type PostRow,
} from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/lib/domain-errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import {
  CATEGORY_PAGE_SIZE,
  postPath,
  type CategoryPageData,
  type PostCategory,
  type PostPageData,
  type PostsReader,
  type PostSummary,
} from '#views/model/posts.ts';
import { countWords, imageIdsIn, readingMinutes, renderMarkdown, type RenderedMarkdown } from './markdown.ts';
import { parsePostFile, postFieldsSchema, firstIssue, type PostFields, type PostFieldsInput } from './post-file.ts';

/** How often a process looks whether another one saved a post (its cached pages are then dropped). */
export const VERSION_CHECK_MS = 5_000;
/** Related posts under each post. */
const RELATED_POSTS = 3;

/** What happened to a post's public address: the IndexNow ping says so to search engines. */
export interface PostChange {
  id: string;
  /** Addresses that changed: the post's, and its old one when it moved. */
  paths: string[];
  kind: 'published' | 'updated' | 'deleted';
}

export interface PostsServiceOptions {
  db: Db;
  log: Logger;
  now?: () => number;
  /** Told after a save or delete that changed what the public sees (not for drafts). */
  onChange?: (change: PostChange) => void;
  /** Where the sample posts are read from (tests pass their own). */
  samplesDir?: string;
  /** Told when the first page asked after a scheduled post's time sees it (its IndexNow ping follows). */
  onScheduledTime?: () => void;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function summaryOf(row: PostRow, known: Map<string, { width: number; height: number }>): PostSummary {
  const publishedAt = Number(row.published_at ?? row.created_at);
  const updatedAt = Math.max(Number(row.updated_at), publishedAt);
  const cover = row.cover_image ? known.get(row.cover_image) : undefined;
  return {
    slug: row.slug,
    category: row.category as PostCategory,
    title: row.title,
    description: row.description,
    published: day(publishedAt),
    updated: day(updatedAt),
    publishedAt,
    updatedAt,
    readingMinutes: readingMinutes(countWords(row.body)),
    tags: parseJson<string[]>(row.tags, []),
    author: row.author,
    cover: row.cover_image && cover ? { id: row.cover_image, ...cover, alt: row.cover_alt ?? '' } : null,
  };
}

/** The fields of a stored post, as the editor and files show them. */
export function fieldsOf(row: PostRow): PostFields {
  return {
    title: row.title,
    slug: row.slug,
    category: row.category as PostCategory,
    description: row.description,
    ...(row.seo_title ? { seoTitle: row.seo_title } : {}),
    tags: parseJson<string[]>(row.tags, []),
    ...(row.author ? { author: row.author } : {}),
    status: row.status,
    ...(row.published_at !== null ? { published: Number(row.published_at) } : {}),
    updated: Number(row.updated_at),
    faq: parseJson<PostFields['faq']>(row.faq, []),
    ...(row.cover_image ? { cover: { image: row.cover_image, alt: row.cover_alt ?? '' } } : {}),
    body: row.body,
  };
}

/** Posts other readers of this one may want: most shared tags, then the same category, newest first. */
function relatedTo(post: PostRow, candidates: PostRow[]): PostRow[] {
  const tags = new Set(parseJson<string[]>(post.tags, []));
  return candidates
    .filter((other) => other.id !== post.id)
    .map((other) => ({
      other,
      score:
        parseJson<string[]>(other.tags, []).filter((tag) => tags.has(tag)).length * 2 +
        (other.category === post.category ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score || Number(b.other.published_at) - Number(a.other.published_at))
    .slice(0, RELATED_POSTS)
    .map((entry) => entry.other);
}

export function createPostsService({
  db,
  log,
  now = () => Date.now(),
  onChange,
  samplesDir = SAMPLE_POSTS_DIR,
  onScheduledTime,
}: PostsServiceOptions) {
  let writes = 0;
  // Publication times still to come: each one passing changes the pages, as a save does.
  let upcoming: number[] = [];
  let seenPassed = 0;
  // Saves in other web processes (PostgreSQL): seen through the posts' version mark, read at most
  // every VERSION_CHECK_MS while pages are asked for.
  let seenVersion: string | undefined;
  let elsewhere = 0;
  let versionCheckedAt = -Infinity;
  let versionCheck: Promise<void> | undefined;

  function checkVersion(at: number): void {
    if (versionCheck || at - versionCheckedAt < VERSION_CHECK_MS) return;
    versionCheckedAt = at;
    versionCheck = readPostsVersion(db)
      .then(async (version) => {
        if (seenVersion !== undefined && version !== seenVersion) {
          elsewhere++;
          await refreshUpcoming();
        }
        seenVersion = version;
      })
      .catch((error: unknown) => log.error({ err: error }, 'posts: could not read the posts version'))
      .finally(() => (versionCheck = undefined));
  }

  async function refreshUpcoming(): Promise<void> {
    upcoming = await upcomingTimes(db, now());
    seenPassed = 0;
  }

  /** Changes whenever what the public sees may have changed: a save, a delete, a scheduled time passing. */
  function revision(): number {
    const at = now();
    let passed = 0;
    while (passed < upcoming.length && upcoming[passed]! <= at) passed++;
    if (passed > seenPassed) {
      seenPassed = passed;
      onScheduledTime?.();
    }
    checkVersion(at);
    return (writes + elsewhere) * 1_000_000 + passed;
  }

  /** After a write: cached pages are stale, and the scheduled times may have changed. */
  async function changed(): Promise<void> {
    writes++;
    seenVersion = await bumpPostsVersion(db);
    await refreshUpcoming().catch((error: unknown) =>
      log.error({ err: error }, 'posts: could not read scheduled times'),
    );
  }

  async function knownImages(rows: PostRow[], markdown = ''): Promise<Map<string, { width: number; height: number }>> {
    const ids = new Set(imageIdsIn(markdown));
    for (const row of rows) if (row.cover_image) ids.add(row.cover_image);
    return imageSizes(db, [...ids]);
  }

  async function pageOf(row: PostRow): Promise<PostPageData> {
    const related = relatedTo(row, await allLive(db, now(), 200));
    const known = await knownImages([row, ...related], row.body);
    const rendered = renderMarkdown(row.body, known);
    return {
      ...summaryOf(row, known),
      seoTitle: row.seo_title,
      html: rendered.html,
      toc: rendered.toc,
      faq: parseJson<PostPageData['faq']>(row.faq, []),
      related: related.map((other) => summaryOf(other, known)),
    };
  }

  const reader: PostsReader = {
    async post(category, slug) {
      const row = await livePost(db, category, slug, now());
      if (row) return { post: await pageOf(row) };
      const moved = await redirectFor(db, `/${category}/${slug}`);
      if (moved && moved.status !== 'draft' && Number(moved.published_at) <= now())
        return { redirect: postPath(moved) };
      return undefined;
    },
    async category(category, page): Promise<CategoryPageData> {
      const { rows, total } = await liveInCategory(db, category, now(), {
        limit: CATEGORY_PAGE_SIZE,
        offset: (page - 1) * CATEGORY_PAGE_SIZE,
      });
      const known = await knownImages(rows);
      return {
        posts: rows.map((row) => summaryOf(row, known)),
        page,
        pages: Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE)),
        total,
      };
    },
  };

  function validate(input: PostFieldsInput): PostFields {
    const result = postFieldsSchema.safeParse(input);
    if (!result.success) throw new InvalidInputError(firstIssue(result.error));
    if (result.data.status !== 'draft' && result.data.published === undefined && result.data.status === 'scheduled')
      throw new InvalidInputError('published: a scheduled post needs the date and time it goes live');
    return result.data;
  }

  function rowFrom(id: string, fields: PostFields, createdAt: number, at: number): NewPostRow {
    const published = fields.status === 'draft' ? (fields.published ?? null) : (fields.published ?? at);
    return {
      id,
      slug: fields.slug,
      category: fields.category,
      title: fields.title,
      seo_title: fields.seoTitle ?? null,
      description: fields.description,
      body: fields.body,
      tags: JSON.stringify(fields.tags),
      faq: JSON.stringify(fields.faq),
      author: fields.author ?? null,
      cover_image: fields.cover?.image ?? null,
      cover_alt: fields.cover?.alt ?? null,
      status: fields.status,
      published_at: published,
      updated_at: fields.updated ?? at,
      created_at: createdAt,
      indexnow: null,
    };
  }

  /** The public sees it now (a scheduled post only once its time has come: its ping waits till then). */
  const isPublic = (row: Pick<NewPostRow, 'status' | 'published_at'>) =>
    row.status !== 'draft' && row.published_at !== null && Number(row.published_at) <= now();

  async function slugFree(slug: string, id: string | null): Promise<void> {
    const other = await postBySlug(db, slug);
    if (other && other.id !== id) throw new ConflictError(`The slug "${slug}" is taken by "${other.title}".`);
  }

  async function create(input: PostFieldsInput): Promise<PostRow> {
    const fields = validate(input);
    await slugFree(fields.slug, null);
    const at = now();
    const row = rowFrom(randomBytes(16).toString('hex'), fields, at, fields.updated ?? at);
    await insertPost(db, row);
    // A new post at a former address of another takes the address over.
    await updatePost(db, row, postPath(row), postPath(row));
    await changed();
    if (isPublic(row)) onChange?.({ id: row.id, paths: [postPath(row)], kind: 'published' });
    return row;
  }

  async function update(id: string, input: PostFieldsInput): Promise<PostRow> {
    const before = await postById(db, id);
    if (!before) throw new NotFoundError('No such post.');
    const fields = validate({ ...input, updated: input.updated });
    await slugFree(fields.slug, id);
    const row = { ...rowFrom(id, fields, Number(before.created_at), now()), indexnow: before.indexnow };
    await updatePost(db, row, postPath(before), postPath(row));
    await changed();
    const paths = [...new Set([postPath(row), postPath(before)])];
    if (isPublic(row)) onChange?.({ id, paths, kind: isPublic(before) ? 'updated' : 'published' });
    else if (isPublic(before)) onChange?.({ id, paths, kind: 'deleted' });
    return row;
  }

  async function remove(id: string): Promise<void> {
    const before = await postById(db, id);
    if (!before || !(await deletePost(db, id))) throw new NotFoundError('No such post.');
    await changed();
    if (isPublic(before)) onChange?.({ id, paths: [postPath(before)], kind: 'deleted' });
  }

  async function preview(markdown: string): Promise<RenderedMarkdown> {
    return renderMarkdown(markdown, await knownImages([], markdown));
  }

  /** The sample posts, read from their files (the same format as import and export). */
  function samples(): PostFields[] {
    return readdirSync(samplesDir)
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => parsePostFile(readFileSync(join(samplesDir, file), 'utf8')));
  }

  /** First boot: the sample posts go in once; an operator who deletes them later never sees them again. */
  async function prepare(): Promise<void> {
    const at = now();
    const rows = samples().map((fields) => rowFrom(randomBytes(16).toString('hex'), fields, at, at));
    const added = await seedPosts(db, rows, at);
    if (added) log.info({ added }, 'posts: sample posts added');
    await refreshUpcoming();
  }

  /** Every live post, newest first, as listings show them (feeds). */
  async function summaries(limit = 200): Promise<PostSummary[]> {
    const rows = await allLive(db, now(), limit);
    const known = await knownImages(rows);
    return rows.map((row) => summaryOf(row, known));
  }

  /** The sitemap's entries: every live post with the day it last changed. */
  async function sitemapEntries(): Promise<Array<{ path: string; lastmod: string }>> {
    return (await summaries(45_000)).map((post) => ({ path: postPath(post), lastmod: post.updated }));
  }

  /** Posts that went live on their own (scheduled) in (from, to]: saved before their time came. */
  async function wentLive(from: number, to: number): Promise<PostChange[]> {
    return (await becameLive(db, from, to)).map((row) => ({ id: row.id, paths: [postPath(row)], kind: 'published' }));
  }

  return {
    reader,
    wentLive,
    summaries,
    sitemapEntries,
    revision,
    /** Settles once the look at the version mark under way (started by revision()), if any, has ended. */
    versionChecked: (): Promise<void> => versionCheck ?? Promise.resolve(),
    prepare,
    create,
    update,
    remove,
    preview,
    samples,
    get: (id: string) => postById(db, id),
    /** Every post, drafts included (export). */
    all: () => listPosts(db),
    live: (limit?: number) => allLive(db, now(), limit),
    now,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
