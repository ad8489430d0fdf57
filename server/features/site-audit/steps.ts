/**
 * How long each step of a store-mode audit's analysis took, in milliseconds by step, in the order they ran: the
 * "site audit done" log line carries them (`analysis`), so an operator whose large audit took long sees where, and
 * the site-audit bench prints them.
 */
export type StepTimes = Record<string, number>;

/** Marks the end of each step in turn into `into`: a step's time runs from the previous mark, or the clock's start. */
export function stepClock(into: StepTimes | undefined, now: () => number = () => performance.now()) {
  let last = now();
  return (step: string): void => {
    const at = now();
    if (into) into[step] = Math.round(at - last);
    last = at;
  };
}
