import { Suspense, use } from 'react';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGunzip } from 'node:zlib';
import request from 'supertest';
import { expect, test, vi } from 'vitest';
import { Island } from '#views/components/Island.tsx';
import { definePage, type PageDef } from '#views/page.ts';
import CommaSeparatorWidget from '#views/tools/comma-separator/Widget.tsx';
import { createTestApp } from '#test/helpers/app.ts';

const basePage = { title: 'Test page', description: 'A page that exists only in tests.', navLabel: 'Test' };

function Boom(): never {
  throw new Error('kaboom in render');
}

const slowValue = (ms = 50) => new Promise<string>((resolve) => setTimeout(() => resolve('streamed content arrived'), ms));

function Slow({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

function StreamingPage() {
  return (
    <Suspense fallback={<p>loading later part</p>}>
      <Slow value={slowValue()} />
    </Suspense>
  );
}

function VerySlowPage() {
  return (
    <Suspense fallback={<p>loading later part</p>}>
      <Slow value={slowValue(1500)} />
    </Suspense>
  );
}

const testPages: PageDef[] = [
  definePage({ ...basePage, path: '/very-slow', title: 'Very slow', cache: false, Component: VerySlowPage }),
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
  definePage({ ...basePage, path: '/stream', title: 'Stream', cache: false, Component: StreamingPage }),
  definePage({
    ...basePage,
    path: '/island',
    title: 'Island',
    Component: () => (
      <Island name="tools/comma-separator/Widget" component={CommaSeparatorWidget} props={{ idPrefix: '</script><script>alert(1)</script>' }} />
    ),
  }),
];

function quietApp(env: Record<string, string> = {}) {
  // Render failures are logged at error level by design; the logger is silent in tests.
  return createTestApp({ pages: testPages, env });
}

test('a render error shows "Something went wrong." with details outside production', async () => {
  const res = await request(quietApp().app).get('/boom');
  expect(res.status).toBe(500);
  expect(res.text).toContain('Something went wrong.');
  expect(res.text).toContain('kaboom in render');
  const cached = await request(quietApp().app).get('/boom-cached');
  expect(cached.status).toBe(500);
  expect(cached.text).toContain('Something went wrong.');
});

test('in production the error screen hides the details', async () => {
  const res = await request(quietApp({ NODE_ENV: 'production' }).app).get('/boom');
  expect(res.status).toBe(500);
  expect(res.text).toContain('Something went wrong.');
  expect(res.text).not.toContain('kaboom');
});

test('a failing loader renders the error screen inside the site shell', async () => {
  const res = await request(quietApp().app).get('/loader-fails');
  expect(res.status).toBe(500);
  expect(res.text).toContain('<h1>Something went wrong.</h1>');
  expect(res.text).toContain('loader exploded');
  expect(res.text).toContain('class="site-header"');
  expect(res.text.match(/<title>/g)).toHaveLength(1);
});

test('people get the shell first; streamed inline scripts carry the CSP nonce', async () => {
  const res = await request(quietApp().app).get('/stream').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36');
  expect(res.status).toBe(200);
  expect(res.text).toContain('loading later part');
  expect(res.text).toContain('streamed content arrived');
  const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])?.[1];
  const inlineScripts = [...res.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
});

test('search bots get the whole document at once, without the fallback', async () => {
  const res = await request(quietApp().app).get('/stream').set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
  expect(res.status).toBe(200);
  expect(res.text).toContain('streamed content arrived');
  expect(res.text).not.toContain('loading later part');
});

test('island props are serialised so "</script>" cannot break out of the JSON block', async () => {
  const res = await request(quietApp().app).get('/island');
  const json = /<script type="application\/json" data-island-props="">(.*?)<\/script>/.exec(res.text)?.[1];
  expect(json).toBe('{"idPrefix":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  expect(JSON.parse(json!)).toEqual({ idPrefix: '</script><script>alert(1)</script>' });
  expect(res.text).toMatch(/<link rel="modulepreload" href="\/assets\/islands\/tools\/comma-separator\/Widget-[^"]+\.js"\/>/);
  expect(res.text).toMatch(/<script src="\/assets\/entry-[^"]+\.js" type="module" async="">/);
});

test('pages without islands load no client entry', async () => {
  const res = await request(quietApp().app).get('/');
  expect(res.text).not.toContain('/assets/entry-');
  expect(res.text).toContain('/assets/shell-');
});

test('a streamed 404 page is compressed by the middleware', async () => {
  const res = await request(quietApp().app).get('/nowhere').set('Accept-Encoding', 'gzip');
  expect(res.status).toBe(404);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.text).toContain('404 - Page Not Found');
});

test('cached pages are rendered once', async () => {
  const { app } = quietApp();
  const spy = vi.fn(() => <h1>Counted</h1>);
  const counted = createTestApp({ pages: [definePage({ ...basePage, path: '/', Component: spy })] }).app;
  await request(counted).get('/');
  await request(counted).get('/');
  expect(spy).toHaveBeenCalledTimes(1);
  expect((await request(app).get('/')).status).toBe(200);
});

test('compression keeps streaming: the gzipped shell arrives before the slow part resolves', async () => {
  const server = quietApp().app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const started = Date.now();
  const arrivals: Array<{ at: number; text: string }> = [];
  await new Promise<void>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/very-slow', headers: { 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0 Chrome/120' } }, (res) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      const gunzip = res.pipe(createGunzip());
      gunzip.on('data', (chunk: Buffer) => arrivals.push({ at: Date.now() - started, text: chunk.toString() }));
      gunzip.on('end', resolve);
      gunzip.on('error', reject);
    }).on('error', reject);
  });
  server.close();
  const shell = arrivals.find((chunk) => chunk.text.includes('loading later part'));
  const rest = arrivals.find((chunk) => chunk.text.includes('streamed content arrived'));
  expect(shell && rest).toBeTruthy();
  expect(shell!.at).toBeLessThan(rest!.at - 700);
});
