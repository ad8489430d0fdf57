/**
 * A deadline that holds when the browser does not: `work` is raced against a timer, and past it
 * `onOvertime` runs (the renderer kills its browser, which ends every call still waiting on it) and the
 * returned promise rejects with `overtime()`. The renderers (mobile test, site audit) close a page's context at the render's time
 * limit; this is the stop behind that one, for a renderer that no longer answers even that.
 */
export function withHardStop<T>(
  work: Promise<T>,
  ms: number,
  onOvertime: () => void,
  overtime: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onOvertime();
      reject(overtime());
    }, ms);
  });
  // The work may still settle after the stop; nobody is waiting for it then.
  work.catch(() => undefined);
  return Promise.race([work, stop]).finally(() => clearTimeout(timer));
}
