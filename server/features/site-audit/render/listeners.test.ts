import { getEventListeners } from 'node:events';
import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import type { RawDocument } from './page.ts';
import { createAuditRenderer } from './renderer.ts';

// A rendered audit logged "MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]": every
// page waiting for a render slot, every page rendering and every request of theirs listened on the
// audit's one signal.
test("rendering 20 pages at once leaves no listener on the audit's signal, and adds at most one while they render", async () => {
  const served = await serveFixture(spaSite({ products: 14 }));
  const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent: 'listeners-test' });
  const audit = createAuditRenderer({
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    fetcher,
    concurrency: 2,
    timeoutMs: 15_000,
    maxPageBytes: 1024 * 1024,
    memoryMb: 512,
  });
  const signal = new AbortController().signal;
  const listening = () => getEventListeners(signal, 'abort').length;
  try {
    const documents: RawDocument[] = [];
    for (const route of spaRoutes({ products: 14 }).slice(0, 20)) {
      const url = `http://${served.hostPort}${route}`;
      const response = await fetcher.fetch(url, {});
      documents.push({ url, status: response.status, headers: response.headers, body: response.body });
    }
    expect(documents).toHaveLength(20);
    const seen: number[] = [];
    const renders = documents.map((document) =>
      audit.render(document, signal).then((page) => {
        seen.push(listening());
        return page;
      }),
    );
    seen.push(listening());
    const pages = await Promise.all(renders);
    expect(pages.filter((page) => page.html.includes('<h1>Heading of '))).toHaveLength(20);
    expect({ most: Math.max(...seen), after: listening() }).toEqual({ most: 1, after: 0 });
  } finally {
    await audit.close();
    await served.close();
  }
});

test('a cancelled audit still stops the renders waiting for a slot and the page rendering', async () => {
  const served = await serveFixture(spaSite({ products: 4 }));
  const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent: 'listeners-test' });
  const audit = createAuditRenderer({
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    fetcher,
    concurrency: 1,
    timeoutMs: 15_000,
    maxPageBytes: 1024 * 1024,
    memoryMb: 512,
  });
  const cancel = new AbortController();
  try {
    const url = `http://${served.hostPort}/`;
    const response = await fetcher.fetch(url, {});
    const document: RawDocument = { url, status: response.status, headers: response.headers, body: response.body };
    const renders = [1, 2, 3].map(() =>
      audit.render(document, cancel.signal).then(
        () => 'rendered',
        (error: Error) => error.message,
      ),
    );
    cancel.abort();
    expect(await Promise.all(renders)).toEqual([
      'The audit was cancelled.',
      'The audit was cancelled.',
      'The audit was cancelled.',
    ]);
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
  } finally {
    await audit.close();
    await served.close();
  }
});
