import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSizes, seedPosts, setRendered, unrenderedPosts, wasSeeded } from '#db/posts.ts';
import type { Db } from '#db/index.ts';
import type { Logger } from '#server/lib/logger.ts';
import { imageIdsIn, MarkdownLimitError, renderMarkdown, renderPlainText, type RenderedMarkdown } from './markdown.ts';
import { parsePostFile, type PostFields } from './post-file.ts';
import { newPostId, renderedColumns, rowFrom } from './writes.ts';

/** The sample posts, read from their files (the same format as import and export). */
export function readSamples(samplesDir: string): PostFields[] {
  return readdirSync(samplesDir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => parsePostFile(readFileSync(join(samplesDir, file), 'utf8')));
}

/**
 * Renders in this thread, for start-up work before the server listens (the shipped samples, posts
 * saved before migration 0019) and for the operator's command line. A stored post past the nesting
 * limits (saved before they existed) is shown as plain text until it is edited.
 */
export async function renderHere(db: Db, markdown: string): Promise<RenderedMarkdown> {
  const known = await imageSizes(db, imageIdsIn(markdown));
  try {
    return renderMarkdown(markdown, known);
  } catch (error) {
    if (error instanceof MarkdownLimitError) return renderPlainText(markdown);
    throw error;
  }
}

// The shipped samples render the same every time (they show no uploaded image): once per process,
// however many databases it prepares (the tests prepare hundreds).
const renderedSamples = new Map<string, RenderedMarkdown>();

function renderSample(markdown: string): RenderedMarkdown {
  let rendered = renderedSamples.get(markdown);
  if (!rendered) {
    rendered = renderMarkdown(markdown);
    renderedSamples.set(markdown, rendered);
  }
  return rendered;
}

/**
 * First boot: the sample posts go in once (rendered), and an operator who deletes them later never
 * sees them again. Every boot: posts without a stored rendering get one (migration 0019 added it).
 */
export async function preparePosts({
  db,
  log,
  now,
  samplesDir,
}: {
  db: Db;
  log: Logger;
  now: () => number;
  samplesDir: string;
}): Promise<void> {
  if (!(await wasSeeded(db))) {
    const at = now();
    const rows = readSamples(samplesDir).map((fields) =>
      rowFrom(newPostId(), fields, { createdAt: at, at }, renderedColumns(renderSample(fields.body))),
    );
    const added = await seedPosts(db, rows, at);
    if (added) log.info({ added }, 'posts: sample posts added');
  }
  const unrendered = await unrenderedPosts(db);
  for (const post of unrendered) await setRendered(db, post.id, renderedColumns(await renderHere(db, post.body)));
  if (unrendered.length) log.info({ rendered: unrendered.length }, 'posts: stored the rendering of posts saved before');
}
