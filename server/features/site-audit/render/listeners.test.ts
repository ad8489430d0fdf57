import { getEventListeners } from 'node:events';
import { expect, test } from 'vitest';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { serveFixture } from '#test/fixtures/crawl-site.ts';
import { spaRoutes, spaSite } from '#test/fixtures/site-audit-spa-site.ts';
import type { RawDocument } from './page.ts';
import { testRenderer } from '#test/helpers/site-audit.ts';

/** The SPA fixture with `products` product pages, served, and a renderer of `concurrency` slots fetching from it. */
async function rendering(products: number, concurrency: number) {
  const served = await serveFixture(spaSite({ products }));
  const fetcher = createSafeFetcher({ allowPrivate: [served.hostPort], userAgent: 'listeners-test' });
  const audit = testRenderer(fetcher, { concurrency });
  const documentOf = async (route: string): Promise<RawDocument> => {
    const url = `http://${served.hostPort}${route}`;
    const response = await fetcher.fetch(url, {});
    return { url, status: response.status, headers: response.headers, body: response.body };
  };
  const close = async () => {
    await audit.close();
    await served.close();
  };
  return { audit, documentOf, close };
}

// A rendered audit logged "MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]": every
// page waiting for a render slot, every page rendering and every request of theirs listened on the
// audit's one signal.
test("rendering 20 pages at once leaves no listener on the audit's signal, and adds at most one while they render", async () => {
  const { audit, documentOf, close } = await rendering(14, 2);
  const signal = new AbortController().signal;
  const listening = () => getEventListeners(signal, 'abort').length;
  try {
    const documents: RawDocument[] = [];
    for (const route of spaRoutes({ products: 14 }).slice(0, 20)) documents.push(await documentOf(route));
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
    await close();
  }
});

test('a cancelled audit still stops the renders waiting for a slot and the page rendering', async () => {
  const { audit, documentOf, close } = await rendering(4, 1);
  const cancel = new AbortController();
  try {
    const document = await documentOf('/');
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
    await close();
  }
});
