import { Suspense, use } from 'react';
import { get, type IncomingHttpHeaders } from 'node:http';
import { createGunzip } from 'node:zlib';
import request from 'supertest';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { expect, test, vi } from 'vitest';
import { Island } from '#views/components/Island.tsx';
import { definePage, type PageDef } from '#views/page.ts';
import CommaSeparatorWidget from '#views/tools/comma-separator/Widget.tsx';
import { createTestApp } from '#test/helpers/app.ts';
import { listen } from '#test/helpers/raw-http.ts';

const basePage = { title: 'Test page', description: 'A page that exists only in tests.', navLabel: 'Test' };

function Boom(): never {
  throw new Error('kaboom in render');
}

/** A value the test hands over when it chooses; `rendered` settles once a component asked for it. */
function controlledValue() {
  let resolve!: (text: string) => void;
  let markRendered!: () => void;
  const value = new Promise<string>((done) => (resolve = done));
  const rendered = new Promise<void>((done) => (markRendered = done));
  return { value, rendered, markRendered, resolve };
}
type ControlledValue = ReturnType<typeof controlledValue>;

function Slow({ control }: { control: ControlledValue }) {
  control.markRendered();
  return <p>{use(control.value)}</p>;
}

function streamingPage(control: ControlledValue) {
  return function StreamingPage() {
    return (
      <Suspense fallback={<p>loading later part</p>}>
        <Slow control={control} />
      </Suspense>
    );
  };
}

/** An app with one streamed (uncached) page at /stream whose slow part waits for the test. */
async function streamingApp() {
  const control = controlledValue();
  const { app } = await createTestApp({
    pages: [
      definePage({ ...basePage, path: '/stream', title: 'Stream', cache: false, Component: streamingPage(control) }),
    ],
  });
  return { app, control };
}

const testPages: PageDef[] = [
  definePage({ ...basePage, path: '/', title: 'Home', Component: () => <h1>Home</h1> }),
  definePage({ ...basePage, path: '/boom', title: 'Boom', Component: Boom, cache: false }),
  definePage({ ...basePage, path: '/boom-cached', title: 'Boom cached', Component: Boom }),
  definePage({
    ...basePage,
    path: '/loader-fails',
    title: 'Loader fails',
    loader: () => {
      throw new Error('loader exploded');
    },
    Component: () => <h1>never</h1>,
  }),
  definePage({
    ...basePage,
    path: '/island',
    title: 'Island',
    Component: () => (
      <Island
        name="tools/comma-separator/Widget"
        component={CommaSeparatorWidget}
        props={{ idPrefix: '</script><script>alert(1)</script>' }}
      />
    ),
  }),
];

async function quietApp(env: Record<string, string> = {}) {
  // Render failures are logged at error level by design; the logger is silent in tests.
  return createTestApp({ pages: testPages, env });
}

test('a render error shows "Something went wrong." with details outside production', async () => {
  const res = await request((await quietApp()).app).get('/boom');
  expect(res.status).toBe(500);
  expect(res.text).toContain('Something went wrong.');
  expect(res.text).toContain('kaboom in render');
  const cached = await request((await quietApp()).app).get('/boom-cached');
  expect(cached.status).toBe(500);
  expect(cached.text).toContain('Something went wrong.');
});

test('in production the error screen hides the details', async () => {
  const res = await request((await quietApp({ NODE_ENV: 'production' })).app).get('/boom');
  expect(res.status).toBe(500);
  expect(res.text).toContain('Something went wrong.');
  expect(res.text).not.toContain('kaboom');
});

test('a failing loader renders the error screen inside the site shell', async () => {
  const res = await request((await quietApp()).app).get('/loader-fails');
  expect(res.status).toBe(500);
  expect(res.text).toContain('<h1>Something went wrong.</h1>');
  expect(res.text).toContain('loader exploded');
  expect(res.text).toContain('class="site-header"');
  expect(res.text.match(/<title>/g)).toHaveLength(1);
});

/**
 * Reads a streamed answer as it arrives: `until(text)` settles when `text` has arrived,
 * `done` with the whole body and headers once the stream ends.
 */
function readStreaming(port: number, path: string, headers: Record<string, string>) {
  let text = '';
  const waiters: Array<{ needle: string; resolve: () => void }> = [];
  const done = new Promise<{ text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res;
      body.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        for (const waiter of waiters.filter((w) => text.includes(w.needle))) waiter.resolve();
      });
      body.on('end', () => resolve({ text, headers: res.headers }));
      body.on('error', reject);
    }).on('error', reject);
  });
  return {
    done,
    until: (needle: string) =>
      new Promise<void>((resolve) => (text.includes(needle) ? resolve() : waiters.push({ needle, resolve }))),
    soFar: () => text,
  };
}

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36';

test('people get the shell first; streamed inline scripts carry the CSP nonce', async () => {
  const { app, control } = await streamingApp();
  const port = await listen(app);
  const reading = readStreaming(port, '/stream', { 'user-agent': PERSON });
  await reading.until('loading later part');
  expect(reading.soFar()).not.toContain('streamed content arrived');
  control.resolve('streamed content arrived');
  const { text, headers } = await reading.done;
  expect(text).toContain('streamed content arrived');
  const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1];
  const inlineScripts = [...text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
});

test('search bots get the whole document at once, without the fallback', async () => {
  const { app, control } = await streamingApp();
  const response = request(app)
    .get('/stream')
    .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
  const res = response.then((answer) => answer);
  await control.rendered;
  control.resolve('streamed content arrived');
  const { status, text } = await res;
  expect(status).toBe(200);
  expect(text).toContain('streamed content arrived');
  expect(text).not.toContain('loading later part');
});

test('island props are serialised so "</script>" cannot break out of the JSON block', async () => {
  const res = await request((await quietApp()).app).get('/island');
  const json = /<script type="application\/json" data-island-props="">(.*?)<\/script>/.exec(res.text)?.[1];
  expect(json).toBe('{"idPrefix":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  expect(JSON.parse(json!)).toEqual({ idPrefix: '</script><script>alert(1)</script>' });
  expect(res.text).toMatch(
    /<link rel="modulepreload" href="\/assets\/islands\/tools\/comma-separator\/Widget-[^"]+\.js"\/>/,
  );
  expect(res.text).toMatch(/<script src="\/assets\/entry-[^"]+\.js" type="module" async="">/);
});

test('pages without islands load no client entry', async () => {
  const res = await request((await quietApp()).app).get('/');
  expect(res.text).not.toContain('/assets/entry-');
  expect(res.text).toContain('/assets/shell-');
});

test('a streamed 404 page is compressed by the middleware', async () => {
  const res = await request((await quietApp()).app)
    .get('/nowhere')
    .set('Accept-Encoding', 'gzip');
  expect(res.status).toBe(404);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.text).toContain('404 - Page Not Found');
});

test('cached pages are rendered once', async () => {
  const { app } = await quietApp();
  const spy = vi.fn(() => <h1>Counted</h1>);
  const counted = (await createTestApp({ pages: [definePage({ ...basePage, path: '/', Component: spy })] })).app;
  await request(counted).get('/');
  await request(counted).get('/');
  expect(spy).toHaveBeenCalledTimes(1);
  expect((await request(app).get('/')).status).toBe(200);
});

test('compression keeps streaming: the gzipped shell arrives while the slow part is still pending', async () => {
  const { app, control } = await streamingApp();
  const port = await listen(app);
  const reading = readStreaming(port, '/stream', { 'accept-encoding': 'gzip', 'user-agent': PERSON });
  // The shell is readable through gzip before the slow part exists: compression flushed it.
  await reading.until('loading later part');
  expect(reading.soFar()).not.toContain('streamed content arrived');
  control.resolve('streamed content arrived');
  const { text, headers } = await reading.done;
  expect(headers['content-encoding']).toBe('gzip');
  expect(text).toContain('streamed content arrived');
});

test('parameters a page does not read are ignored: one render serves /, /?utm_source=x and /?gclid=y', async () => {
  const spy = vi.fn(() => <h1>Counted</h1>);
  const { app } = await createTestApp({ pages: [definePage({ ...basePage, path: '/', Component: spy })] });
  const first = await request(app).get('/');
  for (const query of ['utm_source=x', 'gclid=y', 'fbclid=z&msclkid=w', 'utm_campaign=a&utm_content=b&ref=c']) {
    const res = await request(app).get(`/?${query}`);
    expect(res.headers.etag, query).toBe(first.headers.etag);
    expect(res.text, query).toBe(first.text);
  }
  expect(spy).toHaveBeenCalledTimes(1);
});

test('a page sees only the parameters it declares; cacheable ones are cached per value, others render fresh', async () => {
  const seen: string[] = [];
  const renders = vi.fn();
  const search = definePage({
    ...basePage,
    path: '/search',
    query: ['q'],
    cacheQuery: ['page'],
    loader: ({ request: fetchRequest }: LoaderFunctionArgs) => {
      seen.push(new URL(fetchRequest.url).search);
      return null;
    },
    Component: () => {
      renders();
      return <h1>Search</h1>;
    },
  });
  const { app } = await createTestApp({ pages: [search] });
  await request(app).get('/search?q=seo&utm_source=mail&page=2&gclid=x').expect(200);
  await request(app).get('/search?page=2&utm_medium=cpc').expect(200);
  await request(app).get('/search?page=2').expect(200);
  await request(app).get('/search?page=3').expect(200);
  expect(seen).toEqual(['?q=seo&page=2', '?page=2', '?page=3']);
  expect(renders).toHaveBeenCalledTimes(3);
});

test("loaders get the visitor's headers and a signal that aborts when the visitor leaves", async () => {
  let loaderStarted!: () => void;
  const started = new Promise<void>((resolve) => (loaderStarted = resolve));
  let sawAbort!: (reason: unknown) => void;
  const aborted = new Promise<unknown>((resolve) => (sawAbort = resolve));
  const pages = [
    definePage({
      ...basePage,
      path: '/language',
      cache: false,
      loader: ({ request: fetchRequest }: LoaderFunctionArgs) => ({
        language: fetchRequest.headers.get('accept-language'),
        agent: fetchRequest.headers.get('user-agent'),
      }),
      Component: function Language() {
        const data = useLoaderData() as { language: string; agent: string };
        return (
          <p>
            language: {data.language}; agent: {data.agent}
          </p>
        );
      },
    }),
    definePage({
      ...basePage,
      path: '/slow-loader',
      cache: false,
      loader: ({ request: fetchRequest }: LoaderFunctionArgs) =>
        new Promise((resolve) => {
          fetchRequest.signal.addEventListener('abort', () => {
            sawAbort(fetchRequest.signal.aborted);
            resolve(null);
          });
          loaderStarted();
        }),
      Component: () => <p>never shown</p>,
    }),
  ];
  const { app } = await createTestApp({ pages });
  const res = await request(app)
    .get('/language')
    .set('Accept-Language', 'hi-IN,hi;q=0.9,en;q=0.8')
    .set('User-Agent', 'TestBrowser/1.0');
  expect(res.text).toContain('language: <!-- -->hi-IN,hi;q=0.9,en;q=0.8<!-- -->; agent: <!-- -->TestBrowser/1.0');

  const port = await listen(app);
  const visitor = get({ host: '127.0.0.1', port, path: '/slow-loader' });
  visitor.on('error', () => undefined);
  await started;
  visitor.destroy();
  expect(await aborted).toBe(true);
});
