import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { adminSession } from '#test/helpers/admin.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { IMAGE_LIMITS } from './images.ts';
import { POST_LIMITS } from './post-file.ts';
import { readZip, ZIP_LIMITS } from './zip.ts';

const PASSWORD = 'correct horse battery staple';
const ORIGIN = 'https://example.test';
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function signedIn() {
  const testApp = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } });
  apps.push(testApp);
  const session = await adminSession(testApp.app, { page: '/admin/posts' });
  return { app: testApp.app, ...session, list: session.page };
}

const fields = {
  title: 'Schema markup for local shops',
  slug: 'schema-markup-local-shops',
  category: 'seo-guides',
  description: 'Which structured data a local shop in Delhi needs, and how to check it with free tools.',
  tags: ['structured data'],
  status: 'published',
  body: '## LocalBusiness\n\nStart with the address.',
};

test('/admin/posts is behind the sign-in: 303 for browsers, 401 JSON for other clients; the inbox links to it', async () => {
  const { app, list } = await signedIn();
  expect(list.status).toBe(200);
  for (const guide of ['Core Web Vitals explained, and the fixes that help most', 'Google core updates: the dated log'])
    expect(list.text).toContain(guide);
  const browser = await request(app).get('/admin/posts').set('Accept', 'text/html');
  expect([browser.status, browser.headers.location]).toEqual([303, '/admin/login']);
  const api = await request(app).post('/admin/posts/preview').send({ body: '# x' });
  expect([api.status, api.body]).toEqual([401, { error: 'Sign in at /admin/login first.' }]);
});

test('the preview renders with the same sanitised renderer; without the token or from elsewhere it is refused', async () => {
  const { app, cookie, post } = await signedIn();
  const res = await post('/admin/posts/preview').send({
    body: '## Hi\n\n<script>alert(1)</script>[x](javascript:alert(1))',
  });
  expect(res.status).toBe(200);
  expect(res.body.html).toContain('<h2 id="hi">Hi<a class="heading-anchor"');
  expect(res.body.html).not.toMatch(/<script|javascript:/);
  const noToken = await request(app)
    .post('/admin/posts/preview')
    .set('Cookie', cookie)
    .set('Origin', ORIGIN)
    .send({ body: 'x' });
  expect(noToken.status).toBe(403);
  const elsewhere = await post('/admin/posts/preview').set('Origin', 'https://evil.example').send({ body: 'x' });
  expect(elsewhere.status).toBe(403);
  expect((await post('/admin/posts/preview').send({ body: 42 })).body).toEqual({
    error: 'body: the Markdown to preview, as a string',
  });
  expect((await post('/admin/posts/preview').send({ body: 'x'.repeat(POST_LIMITS.bodyChars + 1) })).status).toBe(413);
});

test('create, then rename: the post lives at its new address and the old one answers 301; bad input is a clear 4xx', async () => {
  const { app, post } = await signedIn();
  const created = await post('/admin/posts').send(fields);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ path: '/seo-guides/schema-markup-local-shops', status: 'published' });
  expect((await request(app).get('/seo-guides/schema-markup-local-shops')).status).toBe(200);
  const renamed = await post(`/admin/posts/${created.body.id}`).send({ ...fields, slug: 'local-schema' });
  expect(renamed.status).toBe(200);
  const old = await request(app).get('/seo-guides/schema-markup-local-shops');
  expect([old.status, old.headers.location]).toEqual([301, '/seo-guides/local-schema']);
  expect((await post('/admin/posts').send({ ...fields, slug: 'local-schema' })).body).toEqual({
    error: 'The slug "local-schema" is taken by "Schema markup for local shops".',
  });
  const bad = await post('/admin/posts').send({ ...fields, slug: 'x', category: 'recipes' });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatch(/^category: /);
  const deleted = await post(`/admin/posts/${created.body.id}/delete`).send({});
  expect(deleted.body).toEqual({ deleted: true });
  expect((await request(app).get('/seo-guides/local-schema')).status).toBe(404);
});

test('the editor form saves with a cover image: resized AVIF and WebP with width and height, served immutable', async () => {
  const { app, get, post } = await signedIn();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2050a0' } })
    .png()
    .toBuffer();
  const form = post('/admin/posts').set('Accept', 'text/html');
  for (const [key, value] of Object.entries({
    ...fields,
    tags: 'structured data, local',
    tzOffset: '330',
    coverAlt: 'A blue card',
  }))
    form.field(key, value as string);
  const saved = await form.attach('cover', png, 'cover.png');
  expect(saved.status).toBe(303);
  expect(saved.headers.location).toMatch(/^\/admin\/posts\/[0-9a-f]{32}\?done=saved$/);
  const editor = await get(saved.headers.location).set('Accept', 'text/html');
  expect(editor.text).toContain('Saved.');
  const page = await request(app).get('/seo-guides/schema-markup-local-shops');
  const id = /\/media\/posts\/([0-9a-f]{32})-1200\.webp/.exec(page.text)![1]!;
  expect(page.text).toContain(
    `<source type="image/avif" srcSet="/media/posts/${id}-480.avif 480w, /media/posts/${id}-960.avif 960w, /media/posts/${id}-1200.avif 1200w"`,
  );
  expect(page.text).toMatch(
    new RegExp(
      `<img src="/media/posts/${id}-1200.webp"[^>]* width="1200" height="600" alt="A blue card" loading="eager"`,
    ),
  );
  expect(page.text).toContain(`<meta property="og:image" content="https://example.test/media/posts/${id}-1200.webp"/>`);
  const avif = await request(app).get(`/media/posts/${id}-480.avif`);
  expect(avif.headers['content-type']).toBe('image/avif');
  expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(avif.body as Buffer).metadata()).width).toBe(480);
  expect((await request(app).get(`/media/posts/${id}-2000.webp`)).status).toBe(404);
});

test('a picture for the text is stored and answered with its Markdown; the preview shows it with its size', async () => {
  const { post } = await signedIn();
  const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0a0' } })
    .jpeg()
    .toBuffer();
  const res = await post('/admin/posts/images').field('alt', 'A [green] chart').attach('image', jpeg, 'chart.jpg');
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    width: 800,
    height: 400,
    markdown: `![A  green  chart](/media/posts/${res.body.id})`,
  });
  const preview = await post('/admin/posts/preview').send({ body: res.body.markdown });
  expect(preview.body.html).toContain(`<img src="/media/posts/${res.body.id}-800.webp" alt="A  green  chart"`);
  expect(preview.body.html).toContain('width="800" height="400"');
  const none = await post('/admin/posts/images').field('alt', 'x');
  expect([none.status, none.body]).toEqual([400, { error: 'image: choose an image file to upload.' }]);
});

test('image limits: too many bytes is 413, too many pixels or not an image is 400, each with its reason', async () => {
  const { post } = await signedIn();
  const send = (body: Buffer) => {
    const form = post('/admin/posts');
    for (const [key, value] of Object.entries({ ...fields, tags: '' })) form.field(key, value as string);
    return form.attach('cover', body, 'cover.png');
  };
  const big = await send(Buffer.alloc(IMAGE_LIMITS.bytes + 1));
  expect([big.status, big.body]).toEqual([413, { error: 'The file is larger than allowed (images: 8 MB).' }]);
  const text = await send(Buffer.from('not an image at all'));
  expect([text.status, text.body.error]).toEqual([
    400,
    'The file is not an image this site can read (JPEG, PNG, WebP, AVIF or GIF).',
  ]);
  const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const tooMany = await send(huge);
  expect([tooMany.status, tooMany.body.error]).toEqual([400, 'The image has more than 40 million pixels.']);
});

test('export a zip of Markdown files, edit one, import it: the post is updated in place; zip limits are explicit', async () => {
  const { app, post, get } = await signedIn();
  const exported = await get('/admin/posts/export.zip')
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(exported.headers['content-type']).toBe('application/zip');
  const files = await readZip(exported.body as Buffer);
  expect(files).toHaveLength(7);
  const edited = files.map((file) =>
    file.slug === 'core-web-vitals' ? { ...file, title: 'Core Web Vitals, revised' } : file,
  );
  const { exportZip } = await import('./zip.ts');
  const imported = await post('/admin/posts/import').attach('zip', Buffer.from(exportZip(edited)), 'posts.zip');
  expect(imported.body).toEqual({ created: 0, updated: 7 });
  expect((await request(app).get('/seo-guides/core-web-vitals')).text).toContain('<h1>Core Web Vitals, revised</h1>');

  const notZip = await post('/admin/posts/import').attach('zip', Buffer.from('hello'), 'posts.zip');
  expect([notZip.status, notZip.body]).toEqual([400, { error: 'The file is not a zip that can be read.' }]);
  const many: Record<string, Uint8Array> = {};
  for (let n = 0; n <= ZIP_LIMITS.entries; n++) many[`p${n}.md`] = strToU8('x');
  const tooMany = await post('/admin/posts/import').attach('zip', Buffer.from(zipSync(many)), 'posts.zip');
  expect([tooMany.status, tooMany.body]).toEqual([400, { error: 'The zip has more than 500 Markdown files.' }]);
  const broken = await post('/admin/posts/import').attach(
    'zip',
    Buffer.from(zipSync({ 'a/bad.md': strToU8('no front matter') })),
    'p.zip',
  );
  expect(broken.body).toEqual({ error: 'a/bad.md: the file must start with front matter between two "---" lines' });
});
