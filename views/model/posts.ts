import type { Business } from '../business.ts';

/**
 * Posts (issue 27) as the pages and the admin see them. The server reads and renders them
 * (server/features/posts); the pages get plain data through the loader context.
 */

/** The site's four categories: the path segment, the name on screen, and what a post there is called. */
export const POST_CATEGORIES = [
  { id: 'seo-guides', label: 'SEO guides', singular: 'SEO guide' },
  { id: 'digital-marketing', label: 'Digital marketing', singular: 'Article' },
  { id: 'career-guidance', label: 'Career guidance', singular: 'Article' },
  { id: 'google-core-updates', label: 'Google core updates', singular: 'Article' },
] as const;

export type PostCategory = (typeof POST_CATEGORIES)[number]['id'];
export const POST_CATEGORY_IDS = POST_CATEGORIES.map((category) => category.id) as [PostCategory, ...PostCategory[]];

export function categoryLabel(category: string): string {
  return POST_CATEGORIES.find((entry) => entry.id === category)?.label ?? category;
}

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Posts per page of a category listing. */
export const CATEGORY_PAGE_SIZE = 10;

/** A post's address on the site. */
export function postPath(post: { category: string; slug: string }): string {
  return `/${post.category}/${post.slug}`;
}

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

export interface PostImageRef {
  id: string;
  width: number;
  height: number;
  alt: string;
}

/** A live post in a listing (category page, related posts, feeds). */
export interface PostSummary {
  slug: string;
  category: PostCategory;
  title: string;
  description: string;
  /** ISO days (`YYYY-MM-DD`) and full instants. */
  published: string;
  updated: string;
  publishedAt: number;
  updatedAt: number;
  readingMinutes: number;
  tags: string[];
  author: string | null;
  cover: PostImageRef | null;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** A post as its page shows it: the summary, the sanitised HTML body and its table of contents. */
export interface PostPageData extends PostSummary {
  seoTitle: string | null;
  html: string;
  /** Empty for short posts: the page shows no table of contents. */
  toc: TocEntry[];
  faq: FaqItem[];
  related: PostSummary[];
}

export interface CategoryPageData {
  posts: PostSummary[];
  page: number;
  pages: number;
  total: number;
}

/** What page loaders may ask of the posts (views/loader-context.ts). */
export interface PostsReader {
  /** The live post at this address, or a redirect for an old one, or nothing. */
  post(category: string, slug: string): Promise<{ post: PostPageData } | { redirect: string } | undefined>;
  category(category: PostCategory, page: number): Promise<CategoryPageData>;
}

/** The admin editor's fields as its form sends them back (text, as typed; server/features/posts/editor-form.ts). */
export interface EditorValues {
  title: string;
  slug: string;
  category: string;
  description: string;
  seoTitle: string;
  tags: string;
  author: string;
  status: string;
  /** `YYYY-MM-DDTHH:mm` in the editor's time zone (tzOffset minutes east of UTC). */
  published: string;
  tzOffset: string;
  coverImage: string;
  coverAlt: string;
  body: string;
}

/** Renditions of uploaded images: the widths made (never wider than the original). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** `/media/posts/<id>-<width>.<format>`: one rendition of an uploaded image. */
export function imageUrl(id: string, width: number, format: 'avif' | 'webp'): string {
  return `/media/posts/${id}-${width}.${format}`;
}

/** The widths an image of this width has renditions for. */
export function imageWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < largest), largest];
}

/**
 * Who signs a post: the team member it names (with their role), or the first person of the
 * profile's team, or the business itself. Never a made-up person.
 */
export function postAuthor(business: Business, author: string | null): { name: string; role?: string } {
  const team = business.team ?? [];
  const member = (author ? team.find((person) => person.name === author) : undefined) ?? (author ? undefined : team[0]);
  if (member) return { name: member.name, role: member.role };
  return { name: author ?? business.name };
}
