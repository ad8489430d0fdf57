/**
 * A counted budget shared by every visitor of one process: request slots of a tool, relay streams,
 * bytes in flight. Taking more than is left fails at once (the caller answers "busy, try again")
 * instead of queueing, so a flood cannot pile up work or memory. Per process: README "When one box is not enough" says
 * what changes with more than one.
 */
export interface Capacity {
  /** Takes `amount` (default 1) and returns the function that gives it back (once), or null when it does not fit. */
  tryTake(amount?: number): (() => void) | null;
  readonly used: number;
  readonly limit: number;
}

export function createCapacity(limit: number): Capacity {
  let used = 0;
  return {
    tryTake(amount = 1) {
      // Anything may run alone, so one item larger than the whole budget is not refused forever.
      if (used > 0 && used + amount > limit) return null;
      used += amount;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        used -= amount;
      };
    },
    get used() {
      return used;
    },
    limit,
  };
}
