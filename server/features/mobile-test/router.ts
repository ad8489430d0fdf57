import { Router, type Request } from 'express';
import { endpoint } from '#server/http/endpoint.ts';
import type { Capacity } from '#server/lib/capacity.ts';
import { checkedUrlInput } from '#server/lib/page-facts/url-input.ts';
import { parseOr400 } from '#server/http/validation.ts';
import type { MobileTestClient } from './client.ts';
import { mobileTestRequestSchema } from '#views/tools/mobile-test/schema.ts';

export const MOBILE_TEST_RATE_LIMIT = { name: 'mobile-test', windowMs: 60_000, limit: 10 };

export interface MobileTestRouterDeps {
  /** Runs the test as a job (rendered in Chromium where the job runs, else the HTML-and-CSS checks). */
  client: MobileTestClient;
  capacity: Capacity;
}

export function mobileTestRouter({ client, capacity }: MobileTestRouterDeps): Router {
  const router = Router();
  // endpoint(): validation (including a fetchable URL) before the limiter, then the tool's capacity.
  const parse = (req: Request) => {
    const { url, device, userAgent } = parseOr400(mobileTestRequestSchema, req.body ?? {});
    return { url: checkedUrlInput(url), options: { device, userAgent } };
  };
  router.post(
    '/mobile-friendly-tester/test',
    ...endpoint({ parse, limit: MOBILE_TEST_RATE_LIMIT, capacity }, async ({ url, options }, _req, res) => {
      // A visitor who leaves stops their test (its job is cancelled, its browser context closed).
      const left = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) left.abort();
      });
      // Too many tests waiting: a `busy` domain error, answered 503 with Retry-After by the error handler.
      const report = await client.test(url, left.signal, options);
      res.json({ report });
    }),
  );
  return router;
}
