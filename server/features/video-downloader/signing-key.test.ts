import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test } from 'vitest';
import { databaseFile, openDatabase, type Dialect } from '#db/index.ts';
import { readMediaSigningKey } from '#db/media-signing-key.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { openSameDatabase } from '#test/helpers/same-database.ts';
import { createMediaRelay } from './relay.ts';
import { loadSigningKey, SIGNING_KEY_FILE } from './signing-key.ts';

/** A fresh database (a file under its own DATA_DIR, or a schema of its own) opened by two processes. */
async function twoProcesses(dialect: Dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-key-'));
  const first = dialect === 'sqlite' ? await openDatabase(databaseFile(dataDir)) : await openTestDatabase(dialect);
  const second = await openSameDatabase(first, dataDir);
  onTestFinished(async () => {
    await second.destroy();
    await closeTestDatabase(first);
  });
  return { dataDir, first, second };
}

/** A relay signing with `secret`; link() and check() never fetch. */
function relayWith(secret: Buffer) {
  const relay = createMediaRelay({
    fetcher: createSafeFetcher({ userAgent: 'test' }),
    basePath: '/api/media/file',
    maxBytes: 1024,
    secret,
  });
  const link = () =>
    relay.link({ url: 'https://cdn.example/clip.mp4', filename: 'clip.mp4', platform: 'Test' }).split('/').pop()!;
  return { relay, link };
}

describe.each(DIALECTS)('%s', (dialect) => {
  test('without MEDIA_SIGNING_KEY, processes booting at once on one database store one key in app_meta and all use it', async () => {
    const { dataDir, first, second } = await twoProcesses(dialect);
    const keys = await Promise.all(
      [first, second, first, second].map((db) => loadSigningKey({ db, dataDir }).then(String)),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await readMediaSigningKey(first)).toBe(keys[0]);
    expect(existsSync(join(dataDir, SIGNING_KEY_FILE))).toBe(false);
  });

  test('a link signed before a restart works after it; a process on another database cannot check it', async () => {
    const { dataDir, first, second } = await twoProcesses(dialect);
    const token = relayWith(await loadSigningKey({ db: first, dataDir })).link();
    const restarted = relayWith(await loadSigningKey({ db: second, dataDir }));
    expect(restarted.relay.check(token).filename).toBe('clip.mp4');
    const elsewhere = await twoProcesses(dialect);
    const other = relayWith(await loadSigningKey({ db: elsewhere.first, dataDir: elsewhere.dataDir }));
    expect(() => other.relay.check(token)).toThrow(DomainError);
  });

  test('a key an older version generated into DATA_DIR/media-signing.key is imported on first boot: its links stay valid', async () => {
    const { dataDir, first, second } = await twoProcesses(dialect);
    const fileKey = 'a1'.repeat(32);
    writeFileSync(join(dataDir, SIGNING_KEY_FILE), `${fileKey}\n`, { mode: 0o600 });
    const token = relayWith(Buffer.from(fileKey)).link();
    const key = await loadSigningKey({ db: first, dataDir });
    expect(relayWith(key).relay.check(token).filename).toBe('clip.mp4');
    expect(await readMediaSigningKey(first)).toBe(fileKey);
    // Once stored, the database's key wins: another machine's old file does not replace it.
    const otherDataDir = mkdtempSync(join(tmpdir(), 'media-key-'));
    writeFileSync(join(otherDataDir, SIGNING_KEY_FILE), `${'b2'.repeat(32)}\n`);
    expect(String(await loadSigningKey({ db: second, dataDir: otherDataDir }))).toBe(fileKey);
  });

  test('MEDIA_SIGNING_KEY, when set, is the key: nothing is stored and no file is written', async () => {
    const { dataDir, first } = await twoProcesses(dialect);
    const configured = 'k'.repeat(40);
    const token = relayWith(await loadSigningKey({ configured, db: first, dataDir })).link();
    const restarted = relayWith(await loadSigningKey({ configured, db: first, dataDir }));
    expect(restarted.relay.check(token).filename).toBe('clip.mp4');
    expect(await readMediaSigningKey(first)).toBeUndefined();
    expect(existsSync(join(dataDir, SIGNING_KEY_FILE))).toBe(false);
  });
});

test('a key file that holds no key stops the first boot with a message naming the file', async () => {
  const db = await openTestDatabase('sqlite');
  onTestFinished(() => closeTestDatabase(db));
  const dataDir = mkdtempSync(join(tmpdir(), 'media-key-'));
  writeFileSync(join(dataDir, SIGNING_KEY_FILE), 'short\n');
  await expect(loadSigningKey({ db, dataDir })).rejects.toThrow(
    `${join(dataDir, SIGNING_KEY_FILE)} does not hold a signing key (at least 32 characters); delete it to have a new one generated`,
  );
  expect(await readMediaSigningKey(db)).toBeUndefined();
});
