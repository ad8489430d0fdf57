/**
 * The global failure budget for admin sign-ins. The per-address limit (sign-in.ts) does not
 * slow a guesser who spreads attempts over many addresses; this counts wrong passwords from all
 * addresses together. Past the budget, sign-ins are checked one at a time, spaced apart, so
 * guesses arrive at a bounded pace however many addresses send them. Every sign-in waits (a right
 * password too: an answer that came faster would tell the guesser it was right), but never
 * longer than the longest wait: the real operator gets in while an attack lasts, and the pace
 * ends by itself once a window passes with fewer failures than the budget.
 */

/** Failed sign-ins from all addresses together within the window before every sign-in is slowed. */
export const GLOBAL_LOGIN_FAILURES = { limit: 50, windowMs: 15 * 60_000 };
/** While slowed, passwords are checked one at a time, this far apart (each sign-in waits at least this). */
export const SLOWED_SIGN_IN_SPACING_MS = 2_000;
/** The longest a sign-in waits for its turn; past it the sign-in is refused (429) until the line is shorter. */
export const SLOWED_SIGN_IN_MAX_WAIT_MS = 30_000;

export type SignInTurn = { waitMs: number } | { retryAfterMs: number };

export interface SignInPace {
  /** A sign-in arrives: how long it waits before its password is checked, or when to try again. */
  admit(): SignInTurn;
  /** Its password was wrong. */
  failed(): void;
}

export function createSignInPace({
  now,
  onSlowed,
}: {
  now: () => number;
  onSlowed: (failures: number, windowMs: number) => void;
}): SignInPace {
  const { limit, windowMs } = GLOBAL_LOGIN_FAILURES;
  // Times of the most recent failures, oldest first: never more than the budget, whatever an attacker sends.
  const failures: number[] = [];
  let lastTurn = -Infinity;
  let warnedAt = -Infinity;
  const slowed = (at: number) => failures.length === limit && at - failures[0] < windowMs;

  return {
    admit() {
      const at = now();
      if (!slowed(at)) return { waitMs: 0 };
      const turn = Math.max(at, lastTurn) + SLOWED_SIGN_IN_SPACING_MS;
      if (turn - at > SLOWED_SIGN_IN_MAX_WAIT_MS) return { retryAfterMs: turn - at - SLOWED_SIGN_IN_MAX_WAIT_MS };
      lastTurn = turn;
      return { waitMs: turn - at };
    },
    failed() {
      const at = now();
      failures.push(at);
      if (failures.length > limit) failures.shift();
      // Once per window, however long the attack lasts.
      if (slowed(at) && at - warnedAt >= windowMs) {
        warnedAt = at;
        onSlowed(limit, windowMs);
      }
    },
  };
}
