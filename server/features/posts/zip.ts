import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
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

/** The posts of a zip of Markdown files (other files, folders and macOS metadata are skipped). */
export function readZip(bytes: Uint8Array): PostFields[] {
  if (bytes.length > ZIP_LIMITS.bytes)
    throw new InvalidInputError(`The zip is larger than ${ZIP_LIMITS.bytes / 1024 / 1024} MB.`);
  let entries = 0;
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        if (!file.name.endsWith('.md') || file.name.startsWith('__MACOSX/')) return false;
        entries++;
        unpacked += file.originalSize;
        if (entries > ZIP_LIMITS.entries)
          throw new InvalidInputError(`The zip has more than ${ZIP_LIMITS.entries} Markdown files.`);
        if (unpacked > ZIP_LIMITS.unpackedBytes)
          throw new InvalidInputError(`The zip unpacks to more than ${ZIP_LIMITS.unpackedBytes / 1024 / 1024} MB.`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    throw new InvalidInputError('The file is not a zip that can be read.');
  }
  return Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, data]) => {
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
