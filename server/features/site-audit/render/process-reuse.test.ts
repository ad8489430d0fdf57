import { expect, test } from 'vitest';
import { rendererPids } from '#server/lib/browser/memory-watch.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import { auditBrowsers } from '#test/helpers/processes.ts';
import type { RawDocument } from './page.ts';
import { createAuditRenderer } from './renderer.ts';

test('page after page, each render slot keeps one renderer process: Chromium does not start a process per page', async () => {
  const products = 14;
  const served = await serveFixture(spaSite({ products }));
  const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent: 'process-reuse-test' });
  const concurrency = 2;
  const audit = createAuditRenderer({
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    fetcher,
    concurrency,
    timeoutMs: 15_000,
    maxPageBytes: 1024 * 1024,
    memoryMb: 512,
  });
  const seen = new Set<number>();
  try {
    const documents: RawDocument[] = [];
    for (const route of spaRoutes({ products })) {
      const url = `http://${served.hostPort}${route}`;
      const response = await fetcher.fetch(url, {});
      documents.push({ url, status: response.status, headers: response.headers, body: response.body });
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < documents.length) {
          const page = await audit.render(documents[next++]!);
          expect(page.html).toContain('<h1>Heading of ');
          const marker = auditBrowsers()[0]?.marker;
          if (marker) for (const pid of rendererPids(marker)) seen.add(pid);
        }
      }),
    );
    expect(documents).toHaveLength(21);
    expect(audit.rendered).toBe(21);
    // Without --renderer-process-limit, site isolation gave each page a process of its own (and a spare):
    // about one and a half processes per page.
    expect(seen.size).toBeGreaterThan(0);
    expect(seen.size).toBeLessThanOrEqual(concurrency);
  } finally {
    await audit.close();
    await served.close();
  }
});
