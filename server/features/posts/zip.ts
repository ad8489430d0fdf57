import { strFromU8, strToU8, Unzip, UnzipInflate, zipSync, type UnzipFile } from 'fflate';
import type { Db } from '#db/index.ts';
import { postBySlug } from '#db/posts.ts';
import { InvalidInputError } from '#server/lib/domain-errors.ts';
import { formatPostFile, parsePostFile, PostFileError, type PostFields } from './post-file.ts';
import { fieldsOf, type PostsService } from './service.ts';

/** A zip to import: its own bytes, the files in it, and what they unpack to. */
export const ZIP_LIMITS = { bytes: 20 * 1024 * 1024, entries: 500, unpackedBytes: 60 * 1024 * 1024 } as const;

/** Every post as `<category>/<slug>.md`: the files `npm run posts -- export` writes. */
export function postFiles(posts: PostFields[]): Map<string, string> {
  return new Map(posts.map((post) => [`${post.category}/${post.slug}.md`, formatPostFile(post)]));
}

export function exportZip(posts: PostFields[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of postFiles(posts)) entries[path] = strToU8(text);
  return zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032 times, so ~8 MB comes out per step. */
const STEP_BYTES = 8 * 1024;
/** Steps between two turns of the event loop (other requests are answered while a zip is read). */
const STEPS_PER_TURN = 8;
const NOT_A_ZIP = 'The file is not a zip that can be read.';
const LOCAL_FILE = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;

const isWanted = (name: string) => name.endsWith('.md') && !name.startsWith('__MACOSX/');
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each Markdown file of a zip, inflated as a stream with a running count of the bytes that came out:
 * reading stops at the limits, whatever sizes the entries' headers claim (an entry that understates
 * its size used to be inflated whole, in one synchronous step). Other files are skipped unread.
 */
async function inflateMarkdown(bytes: Uint8Array): Promise<Array<{ name: string; data: Uint8Array }>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = bytes.length >= 4 ? view.getUint32(0, true) : 0;
  if (signature !== LOCAL_FILE && signature !== END_OF_DIRECTORY) throw new InvalidInputError(NOT_A_ZIP);
  const files: Array<{ name: string; chunks: Uint8Array[]; done: boolean }> = [];
  let unpacked = 0;
  let refusal: InvalidInputError | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal || !isWanted(file.name)) return;
    if (files.length === ZIP_LIMITS.entries)
      return void (refusal = new InvalidInputError(`The zip has more than ${ZIP_LIMITS.entries} Markdown files.`));
    const entry = { name: file.name, chunks: [] as Uint8Array[], done: false };
    files.push(entry);
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) return void (refusal = new InvalidInputError(NOT_A_ZIP));
      unpacked += chunk.length;
      if (unpacked > ZIP_LIMITS.unpackedBytes)
        return void (refusal = new InvalidInputError(
          `The zip unpacks to more than ${ZIP_LIMITS.unpackedBytes / 1024 / 1024} MB.`,
        ));
      entry.chunks.push(chunk);
      entry.done = final;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0, step = 1; at < bytes.length && !refusal; at += STEP_BYTES, step++) {
    try {
      unzip.push(bytes.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= bytes.length);
    } catch {
      throw new InvalidInputError(NOT_A_ZIP);
    }
    if (step % STEPS_PER_TURN === 0) await nextTurn();
  }
  if (refusal) throw refusal;
  if (files.some((file) => !file.done)) throw new InvalidInputError(NOT_A_ZIP);
  return files.map((file) => ({ name: file.name, data: Buffer.concat(file.chunks) }));
}

/** The posts of a zip of Markdown files (other files, folders and macOS metadata are skipped). */
export async function readZip(bytes: Uint8Array): Promise<PostFields[]> {
  if (bytes.length > ZIP_LIMITS.bytes)
    throw new InvalidInputError(`The zip is larger than ${ZIP_LIMITS.bytes / 1024 / 1024} MB.`);
  const files = await inflateMarkdown(bytes);
  return files
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, data }) => {
      try {
        return parsePostFile(strFromU8(data));
      } catch (error) {
        if (error instanceof PostFileError) throw new InvalidInputError(`${name}: ${error.message}`);
        throw error;
      }
    });
}

/**
 * Imports posts: one with a slug already on the site replaces that post (an export edited and
 * imported again updates in place), others are created. All files are read and checked first.
 */
export async function importPosts(
  posts: PostsService,
  db: Db,
  list: PostFields[],
): Promise<{ created: number; updated: number }> {
  const slugs = new Set<string>();
  for (const post of list) {
    if (slugs.has(post.slug)) throw new InvalidInputError(`The slug "${post.slug}" is in two files.`);
    slugs.add(post.slug);
  }
  let created = 0;
  let updated = 0;
  for (const post of list) {
    const existing = await postBySlug(db, post.slug);
    if (existing) {
      await posts.update(existing.id, post);
      updated++;
    } else {
      await posts.create(post);
      created++;
    }
  }
  return { created, updated };
}

export async function allPostFields(posts: PostsService): Promise<PostFields[]> {
  return (await posts.all()).map(fieldsOf);
}
