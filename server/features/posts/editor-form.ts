import { z } from 'zod';
import type { PostRow } from '#db/posts.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import type { EditorValues } from '#views/model/posts.ts';
import type { PostFieldsInput } from './post-file.ts';
import { fieldsOf } from './service.ts';

/** India: the editor's time zone until its script says the browser's (minutes east of UTC). */
const DEFAULT_OFFSET = 330;

/** A field as typed; missing (or sent twice) it is empty. */
const typed = z.string().catch('');

/**
 * The editor's form as typed. What the text must say is the post's own schema's business
 * (post-file.ts), checked when it is saved, so the form comes back with exactly what was typed.
 */
export const editorForm = z.object({
  title: typed,
  slug: typed,
  category: typed,
  description: typed,
  seoTitle: typed,
  tags: typed,
  author: typed,
  status: typed,
  published: typed,
  tzOffset: typed,
  coverImage: typed,
  coverAlt: typed,
  body: typed,
}) satisfies z.ZodType<EditorValues>;

/** `2026-12-01T14:30` typed in a zone `offset` minutes east of UTC, as an instant. */
export function localToIso(local: string, offset: string): string | undefined {
  if (!local) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(local);
  const minutes = Number(offset || String(DEFAULT_OFFSET));
  if (!match || !Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60)
    throw new InvalidInputError('published: a date and time such as 2026-12-01T14:30');
  return new Date(Date.parse(`${match[1]}T${match[2]}:00Z`) - minutes * 60_000).toISOString();
}

/** The instant as the editor's `datetime-local` shows it, in a zone `offset` minutes east of UTC. */
function isoToLocal(ms: number | undefined, offset: number): string {
  return ms === undefined ? '' : new Date(ms + offset * 60_000).toISOString().slice(0, 16);
}

/** A stored post (or none: a new one) as the editor's fields. */
export function valuesOf(row: PostRow | undefined, offset = DEFAULT_OFFSET): EditorValues {
  const fields = row ? fieldsOf(row) : undefined;
  return {
    title: fields?.title ?? '',
    slug: fields?.slug ?? '',
    category: fields?.category ?? 'seo-guides',
    description: fields?.description ?? '',
    seoTitle: fields?.seoTitle ?? '',
    tags: fields?.tags.join(', ') ?? '',
    author: fields?.author ?? '',
    status: fields?.status ?? 'draft',
    published: isoToLocal(fields?.published, offset),
    tzOffset: String(offset),
    coverImage: fields?.cover?.image ?? '',
    coverAlt: fields?.cover?.alt ?? '',
    body: fields?.body ?? '',
  };
}

/** The editor's form, as typed, into the fields a post is saved with. */
export function formToFields(values: EditorValues): PostFieldsInput {
  const tags = values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    title: values.title,
    slug: values.slug.trim(),
    category: values.category as PostFieldsInput['category'],
    description: values.description,
    ...(values.seoTitle.trim() ? { seoTitle: values.seoTitle } : {}),
    tags,
    ...(values.author ? { author: values.author } : {}),
    status: values.status as PostFieldsInput['status'],
    ...(values.published ? { published: localToIso(values.published, values.tzOffset) } : {}),
    ...(values.coverImage ? { cover: { image: values.coverImage, alt: values.coverAlt } } : {}),
    body: values.body.replace(/\r\n/g, '\n'),
  };
}
