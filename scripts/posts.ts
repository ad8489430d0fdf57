/**
 * Operator CLI for posts, so content can live in git and move between sites:
 *   npm run posts -- export DIR   writes every post as DIR/<category>/<slug>.md (front matter + Markdown)
 *   npm run posts -- import DIR   reads every .md file below DIR: a slug already on the site is updated, others created
 * Reads the database exactly like the server (DATABASE_URL, else DATA_DIR). A fresh database gets the
 * sample posts first, as the server's first boot would. No IndexNow pings are sent from here.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parsePostFile, PostFileError, type PostFields } from '#server/features/posts/post-file.ts';
import { createPostsService } from '#server/features/posts/service.ts';
import { allPostFields, importPosts, postFiles, ZIP_LIMITS } from '#server/features/posts/zip.ts';
import { createLogger } from '#server/lib/logger.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { loadCliConfig, openServerDatabase } from './lib/cli-config.ts';

const USAGE = 'Usage: npm run posts -- export DIR | import DIR\n';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && statSync(join(dir, name)).isFile())
    .sort();
}

function readPosts(dir: string): PostFields[] {
  const files = markdownFiles(dir);
  if (files.length > ZIP_LIMITS.entries) throw new Error(`${dir} has more than ${ZIP_LIMITS.entries} Markdown files.`);
  return files.map((name) => {
    try {
      return parsePostFile(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      if (error instanceof PostFileError) throw new Error(`${name}: ${error.message}`, { cause: error });
      throw error;
    }
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, dir, ...rest] = argv;
  if ((command !== 'export' && command !== 'import') || !dir || rest.length) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  const db = await openServerDatabase(config);
  if (!db) return 1;
  const posts = createPostsService({ db, log: createLogger('warn') });
  try {
    await posts.prepare();
    if (command === 'export') {
      const files = postFiles(await allPostFields(posts));
      for (const [path, text] of files) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      process.stdout.write(`Exported ${files.size} posts to ${relative(process.cwd(), dir) || '.'}\n`);
    } else {
      const { created, updated } = await importPosts(posts, db, readPosts(dir));
      process.stdout.write(`Imported ${created + updated} posts: ${created} new, ${updated} updated\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof DomainError || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
