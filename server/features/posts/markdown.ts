import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { imageUrl, imageWidths, type TocEntry } from '#views/model/posts.ts';
import { markdownLimitProblem } from './markdown-limits.ts';

/**
 * Markdown to HTML for posts (docs/decisions/0042): remark parses (GFM tables, strikethrough, task
 * lists), raw HTML in the Markdown is dropped (remark-rehype without allowDangerousHtml), and the
 * tree is sanitised (rehype-sanitize's GitHub schema) before anything of ours is added: heading ids
 * and anchors, lazy images with their dimensions. The admin's preview calls this same function.
 * It runs when a post is saved, in a job thread (render-job.ts), never while a page is served, and
 * only on text within the nesting limits (markdown-limits.ts): docs/decisions/0051.
 */

/** Words a minute an unhurried reader reads. */
const WORDS_PER_MINUTE = 200;
/** A post with more words than this, or with at least TOC_MIN_HEADINGS sections, gets a table of contents. */
const TOC_MIN_WORDS = 700;
const TOC_MIN_HEADINGS = 4;

/** An uploaded image a post refers to as `/media/posts/<id>`: its original size. */
export interface KnownImage {
  width: number;
  height: number;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  words: number;
  readingMinutes: number;
}

const IMAGE_REF = /^\/media\/posts\/([0-9a-f]{32})$/;

/** The ids of uploaded images a Markdown text refers to. */
export function imageIdsIn(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\/media\/posts\/([0-9a-f]{32})\b/g)].map((match) => match[1]!))];
}

const schema = {
  ...defaultSchema,
  // Relative links and images (this site's pages and uploads) stay; other schemes are as GitHub allows.
  protocols: { ...defaultSchema.protocols, src: ['http', 'https'], href: ['http', 'https', 'mailto'] },
};

/** Every h2-h4 gets a link to itself after its text; h2 and h3 make the table of contents. */
function headingAnchors(toc: TocEntry[]) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const depth = /^h([2-4])$/.exec(node.tagName)?.[1];
      const id = node.properties.id;
      if (!depth || typeof id !== 'string') return;
      const text = hastText(node).trim();
      if (depth !== '4') toc.push({ id, text, depth: Number(depth) as 2 | 3 });
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to “${text}”` },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}

/**
 * Images load lazily and decode off the main thread. Uploaded ones become a <picture> with AVIF and
 * WebP renditions and the original's width and height (no layout shift); others keep their address.
 */
function images(known: ReadonlyMap<string, KnownImage>) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'img' || !parent || index === undefined) return;
      node.properties.loading = 'lazy';
      node.properties.decoding = 'async';
      const id = IMAGE_REF.exec(String(node.properties.src ?? ''))?.[1];
      const size = id ? known.get(id) : undefined;
      if (!id || !size) return;
      const widths = imageWidths(size.width);
      const largest = widths.at(-1)!;
      const srcset = (format: 'avif' | 'webp') => widths.map((w) => `${imageUrl(id, w, format)} ${w}w`).join(', ');
      const sizes = `(min-width: 48rem) 46rem, 100vw`;
      node.properties.src = imageUrl(id, largest, 'webp');
      node.properties.srcSet = srcset('webp');
      node.properties.sizes = sizes;
      node.properties.width = largest;
      node.properties.height = Math.round((size.height * largest) / size.width);
      const picture: ElementContent = {
        type: 'element',
        tagName: 'picture',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'source',
            properties: { type: 'image/avif', srcSet: srcset('avif'), sizes },
            children: [],
          },
          node,
        ],
      };
      parent.children[index] = picture;
    });
  };
}

/** Tables scroll sideways inside their own box on narrow screens instead of widening the page. */
function wrapTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-wrap'], tabIndex: 0, role: 'region', ariaLabel: 'Table' },
        children: [node],
      };
      return 'skip';
    });
  };
}

/** Words: runs between spaces with a letter or digit in them (not `#`, `-` or `|`). */
const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * Counts the words a reader reads: the text of the sanitised tree, code blocks left out (before our
 * own additions, so a heading's `#` anchor is not a word). One pass over the tree.
 */
function wordsRead(result: { words: number }) {
  return (tree: Root) => {
    const texts: string[] = [];
    visit(tree, (node) => {
      if (node.type === 'element' && node.tagName === 'pre') return 'skip';
      if (node.type === 'text') texts.push(node.value);
    });
    result.words = wordCount(texts.join(''));
  };
}

/** Text past the nesting limits is never given to the parser. */
export class MarkdownLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarkdownLimitError';
  }
}

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function renderMarkdown(markdown: string, known: ReadonlyMap<string, KnownImage> = new Map()): RenderedMarkdown {
  const problem = markdownLimitProblem(markdown);
  if (problem) throw new MarkdownLimitError(`body: ${problem}`);
  const toc: TocEntry[] = [];
  const counted = { words: 0 };
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(wordsRead, counted)
    .use(rehypeSlug)
    .use(headingAnchors, toc)
    .use(images, known)
    .use(wrapTables)
    .use(rehypeStringify)
    .processSync(markdown)
    .toString();
  const { words } = counted;
  const sections = toc.filter((entry) => entry.depth === 2).length;
  return {
    html,
    toc: words > TOC_MIN_WORDS || sections >= TOC_MIN_HEADINGS ? toc : [],
    words,
    readingMinutes: readingMinutes(words),
  };
}

/** The words a reader reads in a Markdown text (reading time; the guides' length). */
export function countWords(markdown: string): number {
  return renderMarkdown(markdown).words;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A post saved before the nesting limits that goes past them (decision 0051): shown as its plain
 * text, a paragraph per blank-line block, until the operator edits it. Never parsed as Markdown.
 */
export function renderPlainText(markdown: string): RenderedMarkdown {
  const paragraphs = markdown.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  const html = paragraphs.map((block) => `<p>${escapeHtml(block.trim())}</p>`).join('\n');
  const words = wordCount(markdown);
  return { html, toc: [], words, readingMinutes: readingMinutes(words) };
}
