import type { Db } from '#db/index.ts';

export interface AdminSession {
  tokenHash: string;
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

export async function insertAdminSession(db: Db, session: AdminSession): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: session.tokenHash,
      csrf_token: session.csrfToken,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session for this token hash if it has not expired at `now`. */
export async function findAdminSession(db: Db, tokenHash: string, now: number): Promise<AdminSession | undefined> {
  return db
    .selectFrom('admin_sessions')
    .select([
      'token_hash as tokenHash',
      'csrf_token as csrfToken',
      'created_at as createdAt',
      'expires_at as expiresAt',
    ])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteAdminSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Expired sessions are useless; dropped whenever someone signs in. */
export async function purgeExpiredAdminSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
