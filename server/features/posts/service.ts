import { allLive, becameLive, listPosts, postById, SAMPLE_POSTS_DIR, setRendered, type PostRow } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { postPath, type PostCategory } from '#views/model/posts.ts';
import type { PostFields } from './post-file.ts';
import { createReader, parseJson } from './reader.ts';
import { createRevision } from './revision.ts';
import { preparePosts, readSamples, renderHere } from './samples.ts';
import { createWrites, renderedColumns, type PostChange, type RenderMarkdown } from './writes.ts';

export { VERSION_CHECK_MS } from './revision.ts';
export { summaryOf } from './reader.ts';
export type { PostChange } from './writes.ts';

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
  /**
   * Renders Markdown when a post is saved and for the preview: in a job thread with a time budget in
   * the running site (render-job.ts); in this thread by default (the command line, service tests).
   */
  render?: RenderMarkdown;
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

/**
 * Posts: the pages read stored renderings (reader.ts), writes check, render once and announce
 * (writes.ts), the page cache follows the revision (revision.ts), and the samples and older posts
 * are prepared before the server listens (samples.ts).
 */
export function createPostsService({
  db,
  log,
  now = () => Date.now(),
  onChange,
  samplesDir = SAMPLE_POSTS_DIR,
  onScheduledTime,
  render = (markdown) => renderHere(db, markdown),
}: PostsServiceOptions) {
  const revision = createRevision({ db, log, now, onScheduledTime });
  const writes = createWrites({ db, now, render, changed: revision.changed, onChange });

  /** A post saved by an older version of the site while this one ran: rendered now, once, and stored. */
  async function renderedOf(id: string) {
    const row = await postById(db, id);
    const rendered = renderedColumns(await render(row?.body ?? ''));
    if (row) await setRendered(db, id, rendered);
    return rendered;
  }
  const { reader, summaries } = createReader({ db, now, renderedOf });

  /** Posts that went live on their own (scheduled) in (from, to]: saved before their time came. */
  async function wentLive(from: number, to: number): Promise<PostChange[]> {
    return (await becameLive(db, from, to)).map((row) => ({ id: row.id, paths: [postPath(row)], kind: 'published' }));
  }

  return {
    reader,
    wentLive,
    summaries,
    /** The sitemap's entries: every live post with the day it last changed. */
    sitemapEntries: async () =>
      (await summaries(45_000)).map((post) => ({ path: postPath(post), lastmod: post.updated })),
    revision: revision.revision,
    versionChecked: revision.versionChecked,
    prepare: async () => {
      await preparePosts({ db, log, now, samplesDir });
      await revision.refreshUpcoming();
    },
    ...writes,
    /** The admin's preview: the same renderer a save uses. */
    preview: render,
    samples: () => readSamples(samplesDir),
    get: (id: string) => postById(db, id),
    /** Every post, drafts included (export). */
    all: () => listPosts(db),
    live: (limit?: number) => allLive(db, now(), limit),
    now,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
