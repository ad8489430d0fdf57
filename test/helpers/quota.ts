import type { Response } from 'supertest';
import { expect } from 'vitest';

/**
 * Proves an endpoint checks input before its per-IP quota: `limit` malformed requests are all
 * refused (400, or `badStatus` such as 404 for a forged link) and spend nothing, so `limit` good requests still pass, and only the one after them is 429.
 */
export async function expectQuotaSpentOnlyByGoodRequests(
  send: (good: boolean) => Promise<Response>,
  limit: number,
  badStatus = 400,
): Promise<void> {
  for (let index = 0; index < limit; index += 1) {
    const bad = await send(false);
    expect([bad.status, typeof bad.body.error]).toEqual([badStatus, 'string']);
  }
  for (let index = 0; index < limit; index += 1) {
    const good = await send(true);
    expect(good.status, `good request ${index + 1} of ${limit}: ${JSON.stringify(good.body)}`).toBeLessThan(300);
  }
  const over = await send(true);
  expect([over.status, over.body.error]).toEqual([429, 'Too many requests. Please wait a moment and try again.']);
}
