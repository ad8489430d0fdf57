import { randomBytes } from 'node:crypto';
import {
  deletePost,
  insertPost,
  postById,
  postBySlug,
  updatePost,
  type NewPostRow,
  type PostRow,
  type RenderedColumns,
} from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#server/lib/domain-errors.ts';
import { postPath } from '#views/model/posts.ts';
import type { RenderedMarkdown } from './markdown.ts';
import { firstIssue, postFieldsSchema, type PostFields, type PostFieldsInput } from './post-file.ts';

/** Renders a post's Markdown (in a job thread in the running site: render-job.ts). */
export type RenderMarkdown = (markdown: string) => Promise<RenderedMarkdown>;

/** What happened to a post's public address: the IndexNow ping says so to search engines. */
export interface PostChange {
  id: string;
  /** Addresses that changed: the post's, and its old one when it moved. */
  paths: string[];
  kind: 'published' | 'updated' | 'deleted';
}

export const newPostId = () => randomBytes(16).toString('hex');

/** The columns a rendering is stored in. */
export function renderedColumns(rendered: RenderedMarkdown): RenderedColumns {
  return { html: rendered.html, toc: JSON.stringify(rendered.toc), words: rendered.words };
}

/** The fields, checked (control characters are stripped by the schema, once, here). */
export function validate(input: PostFieldsInput): PostFields {
  const result = postFieldsSchema.safeParse(input);
  if (!result.success) throw new InvalidInputError(firstIssue(result.error));
  if (result.data.status === 'scheduled' && result.data.published === undefined)
    throw new InvalidInputError('published: a scheduled post needs the date and time it goes live');
  return result.data;
}

export function rowFrom(
  id: string,
  fields: PostFields,
  times: { createdAt: number; at: number },
  rendered: RenderedColumns,
): NewPostRow {
  const published = fields.status === 'draft' ? (fields.published ?? null) : (fields.published ?? times.at);
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
    updated_at: fields.updated ?? times.at,
    created_at: times.createdAt,
    indexnow: null,
    ...rendered,
  };
}

export interface WritesOptions {
  db: Db;
  now: () => number;
  render: RenderMarkdown;
  /** After every write (the page cache's revision moves). */
  changed: () => Promise<void>;
  /** Told after a save or delete that changed what the public sees (not for drafts). */
  onChange?: (change: PostChange) => void;
}

/** Creating, updating and deleting posts: checked, rendered once, stored, announced. */
export function createWrites({ db, now, render, changed, onChange }: WritesOptions) {
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
    const rendered = renderedColumns(await render(fields.body));
    const at = now();
    const row = rowFrom(newPostId(), fields, { createdAt: at, at: fields.updated ?? at }, rendered);
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
    const fields = validate(input);
    await slugFree(fields.slug, id);
    const rendered = renderedColumns(await render(fields.body));
    const times = { createdAt: Number(before.created_at), at: now() };
    const row = { ...rowFrom(id, fields, times, rendered), indexnow: before.indexnow };
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

  return { create, update, remove };
}
