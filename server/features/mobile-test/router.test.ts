import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { liveToolsApp } from '#test/helpers/live-tools-app.ts';
import { MOBILE_TEST_RATE_LIMIT } from './router.ts';

/** The HTML-and-CSS reading, as on a server without Chromium. */
const staticOnly = () => ({ CHROMIUM_PATH: 'off' });

test('POST /api/mobile-friendly-tester/test returns mobileFriendly and the checks (no Chromium: rendered false)', async () => {
  const { app, site } = await liveToolsApp(staticOnly);
  const good = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/good` });
  const bad = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/fixed-width` });
  await site.close();
  expect(good.status).toBe(200);
  expect(good.body.report.mobileFriendly).toBe(true);
  expect(good.body.report.rendered).toBe(false);
  expect(good.body.report.screenshot).toBeUndefined();
  expect(good.body.report.checks.map((check: { id: string }) => check.id)).toEqual([
    'viewport',
    'fixed-width',
    'zoom',
    'plugins',
    'font-size',
    'responsive-images',
    'tap-targets',
  ]);
  expect(bad.body.report.mobileFriendly).toBe(false);
});

test('with Chromium the page is rendered: same checks, a 360×640 screenshot, rendered true', async () => {
  const { app, site } = await liveToolsApp();
  onTestFinished(async () => {
    await app.locals.shutdown();
    await site.close();
  });
  const res = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/fixed-width` });
  expect(res.status).toBe(200);
  const { report } = res.body;
  expect([report.rendered, report.mobileFriendly]).toEqual([true, false]);
  expect(report.checks.map((check: { id: string }) => check.id)).toEqual([
    'viewport',
    'fixed-width',
    'zoom',
    'plugins',
    'font-size',
    'responsive-images',
    'tap-targets',
  ]);
  expect(report.checks.find((check: { id: string }) => check.id === 'fixed-width').items).toEqual([
    '<div.wrap> "Fixed wide"',
  ]);
  expect(report.screenshot).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(report.screenshot.split(',')[1], 'base64');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([360, 640]);
  expect(report.blocked).toEqual([]);
});

test('a meta refresh is followed as the redirect it is (200 on the page it names); a page past the memory budget is a 422', async () => {
  const { app, site } = await liveToolsApp(() => ({ MOBILE_TEST_MEMORY_MB: '128', MOBILE_TEST_TIMEOUT_MS: '10000' }));
  onTestFinished(async () => {
    await app.locals.shutdown();
    await site.close();
  });
  const moved = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/refresh` });
  expect([moved.status, moved.body.report.url, moved.body.report.rendered]).toEqual([
    200,
    `${site.origin}/mobile/good`,
    true,
  ]);
  const hungry = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/hungry` });
  expect([hungry.status, hungry.body]).toEqual([
    422,
    { error: 'The page used more than 128 MB of memory while rendering, the limit of this test.' },
  ]);
});

test('400 for bad input, non-HTML and private hosts; 502 when the site cannot be reached', async () => {
  const { app, site } = await liveToolsApp(staticOnly);
  const empty = await request(app).post('/api/mobile-friendly-tester/test').send({ url: '' });
  const image = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/image.png` });
  const local = await request(app).post('/api/mobile-friendly-tester/test').send({ url: 'http://localhost:1/' });
  await site.close();
  const gone = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/good` });
  expect([empty.status, image.status, local.status, gone.status]).toEqual([400, 400, 400, 502]);
  expect(gone.body).toEqual({ error: `${site.hostPort} refused the connection.` });
  expect(empty.body).toEqual({ error: 'Please enter a URL to test.' });
  expect(local.body.error).toContain('private or reserved network address');
});

test(`the mobile tester is rate-limited per IP (${MOBILE_TEST_RATE_LIMIT.limit} a minute); malformed requests do not count`, async () => {
  const { app, site } = await liveToolsApp(staticOnly);
  for (let index = 0; index < MOBILE_TEST_RATE_LIMIT.limit + 3; index += 1)
    expect((await request(app).post('/api/mobile-friendly-tester/test').send({})).status).toBe(400);
  for (let index = 0; index < MOBILE_TEST_RATE_LIMIT.limit; index += 1)
    await request(app).post('/api/mobile-friendly-tester/test').send({ url: 'http://localhost:1/' });
  const limited = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/good` });
  await site.close();
  expect(limited.status).toBe(429);
});

test('device and userAgent: default the phone as a phone browser; anything else is a 400 naming the choices', async () => {
  const { app, site } = await liveToolsApp(staticOnly);
  onTestFinished(() => site.close());
  const post = (body: object) => request(app).post('/api/mobile-friendly-tester/test').send(body);
  const url = `${site.origin}/mobile/good`;
  const answers = await Promise.all([
    post({ url, device: 'watch' }),
    post({ url, device: 3 }),
    post({ url, userAgent: 'bingbot' }),
    post({ url, device: 'tablet', userAgent: 'Googlebot' }),
  ]);
  expect(answers.map((res) => [res.status, res.body])).toEqual([
    [400, { error: 'Device must be one of: phone, phone-large, tablet.' }],
    [400, { error: 'Device must be one of: phone, phone-large, tablet.' }],
    [400, { error: 'User agent must be one of: browser, googlebot.' }],
    [400, { error: 'User agent must be one of: browser, googlebot.' }],
  ]);
  const plain = await post({ url });
  expect([plain.status, plain.body.report.device, plain.body.report.userAgent]).toEqual([200, 'phone', 'browser']);
  expect(plain.body.report.userAgentString).toMatch(/ Mobile Safari\/537\.36 DelhiSeoToolsBot\/1\.0$/);
  // Without Chromium the options still apply to the fetch: Googlebot's User-Agent, and its robots.txt obeyed.
  const asGooglebot = await post({ url, device: 'tablet', userAgent: 'googlebot' });
  expect([asGooglebot.status, asGooglebot.body.report.device, asGooglebot.body.report.userAgent]).toEqual([
    200,
    'tablet',
    'googlebot',
  ]);
  expect(asGooglebot.body.report.userAgentString).toMatch(
    /\(compatible; Googlebot\/2\.1; \+http:\/\/www\.google\.com\/bot\.html\)$/,
  );
  const hidden = await post({ url: `${site.origin}/no-google`, userAgent: 'googlebot' });
  expect([hidden.status, hidden.body]).toEqual([
    422,
    {
      error: `${site.origin}/robots.txt does not let Googlebot fetch ${site.origin}/no-google, so Google cannot render it. Test it as a phone browser, or allow it in robots.txt.`,
    },
  ]);
});

test('rendered as Googlebot on the tablet: failed files, robots-blocked files, console errors and the rendered HTML', async () => {
  const { app, site } = await liveToolsApp();
  onTestFinished(async () => {
    await app.locals.shutdown();
    await site.close();
  });
  const res = await request(app)
    .post('/api/mobile-friendly-tester/test')
    .send({ url: `${site.origin}/mobile/diagnostics`, device: 'tablet', userAgent: 'googlebot' });
  expect(res.status).toBe(200);
  const { report } = res.body;
  expect([report.rendered, report.device, report.userAgent]).toEqual([true, 'tablet', 'googlebot']);
  expect(report.failedResources).toEqual({
    items: [{ url: `${site.origin}/mobile/missing.png`, type: 'image', status: 404 }],
    total: 1,
  });
  expect(report.robotsBlocked).toEqual({
    items: [{ url: `${site.origin}/no-google/widget.js`, type: 'script' }],
    total: 1,
  });
  expect(report.consoleErrors.items.map((line: { kind: string; text: string }) => [line.kind, line.text])).toEqual([
    ['console', 'Planted console error'],
    ['exception', 'TypeError: Planted uncaught exception'],
  ]);
  expect(report.renderedHtml.html).toContain('<p id="written">Written by the page script</p>');
  expect(report.renderedHtml.html).toContain('<p id="widget">Widget not loaded</p>');
  const png = Buffer.from(report.screenshot.split(',')[1], 'base64');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([768, 1024]);
});
