import type { Db } from './index.ts';

/** The app_meta row holding the HMAC key of the video downloader's links when MEDIA_SIGNING_KEY is unset. */
export const MEDIA_SIGNING_KEY_ROW = 'media_signing_key';

/** The stored key, or undefined before any process has stored one. */
export async function readMediaSigningKey(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', MEDIA_SIGNING_KEY_ROW)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Stores `candidate` unless a key is stored already, and answers the stored key. Processes booting
 * at once each offer their own candidate: one insert wins, and every one of them reads back the winner.
 */
export async function keepMediaSigningKey(db: Db, candidate: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: MEDIA_SIGNING_KEY_ROW, value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await readMediaSigningKey(db);
  if (stored === undefined) throw new Error(`app_meta has no '${MEDIA_SIGNING_KEY_ROW}' row right after storing one`);
  return stored;
}
