import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '#db/index.ts';
import { keepMediaSigningKey, MEDIA_SIGNING_KEY_ROW, readMediaSigningKey } from '#db/media-signing-key.ts';

/** Where earlier versions kept the generated key, under DATA_DIR; imported once into the database. */
export const SIGNING_KEY_FILE = 'media-signing.key';

/** Shorter keys are refused, in MEDIA_SIGNING_KEY (server/config/video-downloader.ts) and here alike. */
const MIN_KEY_LENGTH = 32;

/**
 * The HMAC key for download links. A configured key (MEDIA_SIGNING_KEY) wins. Otherwise the key lives
 * in the database (app_meta), so every process on it, on any machine, signs and checks links alike,
 * and links handed out before a restart still work after it. The first boot stores it: the key an
 * older version generated into DATA_DIR/media-signing.key if there is one (its links stay valid),
 * else a new random one.
 */
export async function loadSigningKey(options: { configured?: string; db: Db; dataDir: string }): Promise<Buffer> {
  if (options.configured) return Buffer.from(options.configured, 'utf8');
  const stored =
    (await readMediaSigningKey(options.db)) ??
    (await keepMediaSigningKey(options.db, readKeyFile(options.dataDir) ?? randomBytes(32).toString('hex')));
  if (stored.length < MIN_KEY_LENGTH)
    throw new Error(
      `app_meta '${MEDIA_SIGNING_KEY_ROW}' does not hold a signing key (at least ${MIN_KEY_LENGTH} characters); delete that row to have a new one generated`,
    );
  return Buffer.from(stored, 'utf8');
}

/** The key in DATA_DIR/media-signing.key, or null without one (or without a data dir: tests in memory). */
function readKeyFile(dataDir: string): string | null {
  if (dataDir === ':memory:') return null;
  const file = join(dataDir, SIGNING_KEY_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (text.length < MIN_KEY_LENGTH)
    throw new Error(
      `${file} does not hold a signing key (at least ${MIN_KEY_LENGTH} characters); delete it to have a new one generated`,
    );
  return text;
}
