import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The generated key's file under DATA_DIR. */
export const SIGNING_KEY_FILE = 'media-signing.key';

/**
 * The HMAC key for download links. A configured key wins; otherwise one is generated on first use
 * and kept in DATA_DIR (mode 0600), so links handed out before a restart still work after it. An
 * in-memory data dir (tests) gets a key for this process only.
 */
export function loadSigningKey(options: { configured?: string; dataDir: string }): Buffer {
  if (options.configured) return Buffer.from(options.configured, 'utf8');
  if (options.dataDir === ':memory:') return randomBytes(32);
  const file = join(options.dataDir, SIGNING_KEY_FILE);
  const existing = readKey(file);
  if (existing) return existing;
  try {
    // 'wx': two processes starting at once cannot both write; the loser reads the winner's key.
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const written = readKey(file);
  if (!written)
    throw new Error(
      `${file} does not hold a signing key (at least 32 characters); delete it to have a new one generated`,
    );
  return written;
}

function readKey(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text.length >= 32 ? Buffer.from(text, 'utf8') : null;
}
