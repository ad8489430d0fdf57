/**
 * Maps items with at most `limit` calls in flight, keeping results in input order.
 * `shouldStart` lets a batch stop launching work once its time budget is spent.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
  skipped?: (item: T, index: number) => R,
  shouldStart: () => boolean = () => true,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = !shouldStart() && skipped ? skipped(items[index], index) : await worker(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
  return results;
}
