import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { POST_CATEGORY_IDS, POST_STATUSES } from '#views/model/posts.ts';
import { markdownLimitProblem } from './markdown-limits.ts';

/**
 * A post as a file: YAML front matter between `---` lines, then the Markdown body (the format of
 * Astro and Hugo content collections). The shipped sample posts, `npm run posts -- import|export`
 * and the admin's zip all use it. Every limit here is the editor's too.
 */

export const POST_LIMITS = {
  /** Characters of Markdown in one post. */
  bodyChars: 100_000,
  titleChars: 200,
  descriptionChars: 300,
  tags: 20,
  tagChars: 60,
  faqEntries: 20,
  faqChars: 2_000,
} as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const day = z.union([z.string(), z.date(), z.number().int()]).transform((value, ctx) => {
  if (typeof value === 'number') return value;
  const ms =
    value instanceof Date
      ? value.getTime()
      : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD) or a date and time (ISO 8601)' });
    return z.NEVER;
  }
  return ms;
});

/**
 * Strips control characters (C0, DEL and C1: Unicode's Cc; U+0007 in a title reached the page's
 * <title> and <h1>): once, where a post is saved, so the page, the feeds and exported files all get
 * the same clean text. Tabs and line breaks stay in long text (`multiline`) and become spaces on a line.
 */
export function withoutControls(text: string, multiline: boolean): string {
  return text.replace(/\p{Cc}/gu, (char) =>
    char === '\t' || char === '\n' || char === '\r' ? (multiline ? char : ' ') : '',
  );
}

const clean = (multiline: boolean) => z.string().transform((value) => withoutControls(value, multiline));
/** One line of text, required. */
const text = (max: number) => clean(false).pipe(z.string().trim().min(1).max(max));
/** Several lines of text, required. */
const lines = (max: number) => clean(true).pipe(z.string().trim().min(1).max(max));

/** The fields of a post, as the editor, the API and files give them. */
export const postFieldsSchema = z.strictObject({
  title: text(POST_LIMITS.titleChars),
  slug: z.string().trim().max(100).regex(SLUG_PATTERN, 'lowercase letters, digits and single hyphens'),
  category: z.enum(POST_CATEGORY_IDS),
  description: text(POST_LIMITS.descriptionChars),
  seoTitle: text(POST_LIMITS.titleChars).optional(),
  tags: z.array(text(POST_LIMITS.tagChars)).max(POST_LIMITS.tags).default([]),
  author: text(100).optional(),
  status: z.enum(POST_STATUSES).default('published'),
  published: day.optional(),
  updated: day.optional(),
  faq: z
    .array(z.strictObject({ question: text(POST_LIMITS.faqChars), answer: lines(POST_LIMITS.faqChars) }))
    .max(POST_LIMITS.faqEntries)
    .default([]),
  cover: z
    .strictObject({ image: z.string().regex(/^[0-9a-f]{32}$/), alt: clean(false).pipe(z.string().trim().max(300)) })
    .optional(),
  // Within the nesting limits (markdown-limits.ts), checked before anything parses it.
  body: z
    .string()
    .max(POST_LIMITS.bodyChars, `a post has at most ${POST_LIMITS.bodyChars} characters`)
    .transform((value) => withoutControls(value, true))
    .superRefine((value, ctx) => {
      const problem = markdownLimitProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export type PostFields = z.output<typeof postFieldsSchema>;
export type PostFieldsInput = z.input<typeof postFieldsSchema>;

export class PostFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostFileError';
  }
}

/** The first issue of a zod error in words a person can act on: `tags.3: Too big`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Reads one post file; throws PostFileError naming what is wrong. */
export function parsePostFile(source: string): PostFields {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new PostFileError('the file must start with front matter between two "---" lines');
  let front: unknown;
  try {
    front = parseYaml(match[1]!, { maxAliasCount: 0 });
  } catch (error) {
    throw new PostFileError(
      `the front matter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : ''})`,
    );
  }
  if (!front || typeof front !== 'object' || Array.isArray(front))
    throw new PostFileError('the front matter must be a mapping of fields');
  const result = postFieldsSchema.safeParse({ ...front, body: match[2]!.replace(/^\r?\n/, '') });
  if (!result.success) throw new PostFileError(firstIssue(result.error));
  return result.data;
}

/** A day when the time is midnight UTC (as the sample posts give them), else the full instant. */
function dateValue(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** Writes one post file; `parsePostFile(formatPostFile(post))` gives the post back. */
export function formatPostFile(post: PostFields): string {
  const front: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    category: post.category,
    description: post.description,
    ...(post.seoTitle ? { seoTitle: post.seoTitle } : {}),
    ...(post.tags.length ? { tags: post.tags } : {}),
    ...(post.author ? { author: post.author } : {}),
    status: post.status,
    ...(post.published !== undefined ? { published: dateValue(post.published) } : {}),
    ...(post.updated !== undefined ? { updated: dateValue(post.updated) } : {}),
    ...(post.cover ? { cover: post.cover } : {}),
    ...(post.faq.length ? { faq: post.faq } : {}),
  };
  const yaml = stringifyYaml(front, { lineWidth: 0 }).trimEnd();
  return `---\n${yaml}\n---\n\n${post.body.trimEnd()}\n`;
}
