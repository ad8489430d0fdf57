import type { Db } from '#db/index.ts';

export interface AdminSession {
  tokenHash: string;
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

export function insertAdminSession(db: Db, session: AdminSession): void {
  db.prepare('INSERT INTO admin_sessions (token_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    session.tokenHash,
    session.csrfToken,
    session.createdAt,
    session.expiresAt,
  );
}

/** The session for this token hash if it has not expired at `now`. */
export function findAdminSession(db: Db, tokenHash: string, now: number): AdminSession | undefined {
  return db
    .prepare(
      'SELECT token_hash AS tokenHash, csrf_token AS csrfToken, created_at AS createdAt, expires_at AS expiresAt FROM admin_sessions WHERE token_hash = ? AND expires_at > ?',
    )
    .get(tokenHash, now) as AdminSession | undefined;
}

export function deleteAdminSession(db: Db, tokenHash: string): void {
  db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').run(tokenHash);
}

/** Expired sessions are useless; dropped whenever someone signs in. */
export function purgeExpiredAdminSessions(db: Db, now: number): number {
  return db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').run(now).changes;
}
