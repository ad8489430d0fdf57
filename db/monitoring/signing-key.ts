import type { Db } from '../index.ts';

/** The app_meta row of the HMAC key that signs monitor links (confirm, manage, unsubscribe). */
export const MONITOR_SIGNING_KEY_ROW = 'monitor_signing_key';

/** Stores `candidate` unless a key is stored already, and answers the stored key (one winner across processes). */
export async function keepMonitorSigningKey(db: Db, candidate: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: MONITOR_SIGNING_KEY_ROW, value: candidate })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', MONITOR_SIGNING_KEY_ROW)
    .executeTakeFirstOrThrow();
  return row.value;
}
