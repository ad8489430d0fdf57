import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { rendererPids } from '#server/lib/browser/memory-watch.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import type { RawDocument } from './page.ts';
import { createAuditRenderer } from './renderer.ts';

/** The marker of the site audit browser this test process started (its command line carries it). */
function auditMarker(): string | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const marker = args.find((arg) => arg.startsWith('--delhi-seo-site-audit='));
      if (parent === process.pid && marker && !args.some((arg) => arg.startsWith('--type='))) return marker;
    } catch {
      // exited meanwhile
    }
  }
  return undefined;
}

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
          const marker = auditMarker();
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
