import {
  allLive,
  imageSizes,
  liveInCategory,
  livePost,
  redirectFor,
  type PostRow,
  type PostSummaryRow,
} from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import {
  CATEGORY_PAGE_SIZE,
  postPath,
  type CategoryPageData,
  type PostCategory,
  type PostPageData,
  type PostsReader,
  type PostSummary,
  type TocEntry,
} from '#views/model/posts.ts';
import { readingMinutes } from './markdown.ts';

/** Related posts under each post. */
const RELATED_POSTS = 3;

type KnownImages = Map<string, { width: number; height: number }>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function summaryOf(row: PostSummaryRow, known: KnownImages): PostSummary {
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
    readingMinutes: readingMinutes(Number(row.words ?? 0)),
    tags: parseJson<string[]>(row.tags, []),
    author: row.author,
    cover: row.cover_image && cover ? { id: row.cover_image, ...cover, alt: row.cover_alt ?? '' } : null,
  };
}

/** Posts other readers of this one may want: most shared tags, then the same category, newest first. */
function relatedTo(post: PostSummaryRow, candidates: PostSummaryRow[]): PostSummaryRow[] {
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

export interface ReaderOptions {
  db: Db;
  now: () => number;
  /**
   * The stored rendering of a post that has none yet (saved by an older version of the site while
   * this one ran): rendered once, off the event loop, and stored.
   */
  renderedOf: (id: string) => Promise<Pick<PostRow, 'html' | 'toc'>>;
}

/** What the public pages read: live posts, their pages with the HTML stored when they were saved, and listings. */
export function createReader({ db, now, renderedOf }: ReaderOptions) {
  async function knownImages(rows: PostSummaryRow[]): Promise<KnownImages> {
    return imageSizes(db, [...new Set(rows.flatMap((row) => (row.cover_image ? [row.cover_image] : [])))]);
  }

  async function pageOf(row: NonNullable<Awaited<ReturnType<typeof livePost>>>): Promise<PostPageData> {
    const related = relatedTo(row, await allLive(db, now(), 200));
    const known = await knownImages([row, ...related]);
    const rendered = row.html === null ? await renderedOf(row.id) : row;
    return {
      ...summaryOf(row, known),
      seoTitle: row.seo_title,
      html: rendered.html ?? '',
      toc: parseJson<TocEntry[]>(rendered.toc, []),
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

  /** Every live post, newest first, as listings show them (feeds, the sitemap). */
  async function summaries(limit = 200): Promise<PostSummary[]> {
    const rows = await allLive(db, now(), limit);
    const known = await knownImages(rows);
    return rows.map((row) => summaryOf(row, known));
  }

  return { reader, summaries };
}
