import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link lets its holder do: confirm the address, manage the monitor, or stop its mail. */
export type TokenPurpose = 'confirm' | 'manage' | 'unsubscribe';

/** A confirmation link lasts a day; manage and unsubscribe links last as long as their monitor. */
export const CONFIRM_TTL_MS = 24 * 3_600_000;

const PURPOSES: readonly TokenPurpose[] = ['confirm', 'manage', 'unsubscribe'];

export type TokenCheck = { ok: true; id: string; purpose: TokenPurpose } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed links without accounts: `base64url(JSON {id, purpose, exp}).base64url(HMAC-SHA256)`. The
 * key lives in the database (app_meta), so every process signs and checks alike. `exp` is
 * milliseconds since the epoch, 0 for a link that does not expire.
 */
export function createTokens(key: string) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(id: string, purpose: TokenPurpose, now: number): string {
      const exp = purpose === 'confirm' ? now + CONFIRM_TTL_MS : 0;
      const payload = Buffer.from(JSON.stringify({ id, purpose, exp })).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The token's monitor id if it is genuine, for `purpose`, and not expired at `now`. */
    check(token: string, purpose: TokenPurpose, now: number): TokenCheck {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 1000) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'invalid' };
      let claims: { id?: unknown; purpose?: unknown; exp?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof claims.id !== 'string' || claims.purpose !== purpose || !PURPOSES.includes(purpose))
        return { ok: false, reason: 'invalid' };
      if (typeof claims.exp !== 'number' || (claims.exp !== 0 && claims.exp <= now))
        return { ok: false, reason: 'expired' };
      return { ok: true, id: claims.id, purpose };
    },
  };
}

export type MonitorTokens = ReturnType<typeof createTokens>;
