import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { ADMIN_PASSWORD, adminSession } from '#test/helpers/admin.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { readZip, ZIP_LIMITS } from './zip.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const post = (slug: string, body: string) =>
  `---\ntitle: ${slug}\nslug: ${slug}\ncategory: seo-guides\ndescription: A post in a zip.\n---\n\n${body}\n`;

/** A zip whose one entry says (in its local header and the central directory) it unpacks to `claimed` bytes. */
function lyingZip(text: string, claimed: number): Uint8Array {
  const zip = zipSync({ 'big.md': strToU8(text) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, claimed, true);
  for (let at = zip.length - 22; at >= 0; at--)
    if (view.getUint32(at, true) === 0x02014b50) {
      view.setUint32(at + 24, claimed, true);
      break;
    }
  return zip;
}

/** Built once (it takes a few seconds): a post of 60 MB and a bit, compressed to well under 1 MB, that claims 100 bytes. */
let built: Uint8Array | undefined;
const bomb = () => (built ??= lyingZip(post('bomb', 'a'.repeat(ZIP_LIMITS.unpackedBytes + 1024)), 100));

test('an entry that understates its size is refused once what it inflates passes the limit', async () => {
  expect(bomb().length).toBeLessThan(200_000);
  await expect(readZip(bomb())).rejects.toThrow('The zip unpacks to more than 60 MB.');
  // Honest small entries read as before.
  const posts = await readZip(zipSync({ 'a/one.md': strToU8(post('one', 'Text.')), 'notes.txt': strToU8('skip') }));
  expect(posts.map((entry) => [entry.slug, entry.body])).toEqual([['one', 'Text.\n']]);
});

test('the import answers 400 for the lying entry, and nothing is imported', async () => {
  const testApp = await createTestApp({ env: { ADMIN_PASSWORD } });
  apps.push(testApp);
  const { post } = await adminSession(testApp.app, { page: '/admin/posts' });
  const res = await post('/admin/posts/import').attach('zip', Buffer.from(bomb()), 'posts.zip');
  expect([res.status, res.body]).toEqual([400, { error: 'The zip unpacks to more than 60 MB.' }]);
  expect((await request(testApp.app).get('/seo-guides/bomb')).status).toBe(404);
});

test('a zip written as a stream (sizes after the data) reads the same; a cut-off one is refused', async () => {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const slug of ['first', 'second']) {
    const entry = new ZipDeflate(`${slug}.md`, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(post(slug, `The ${slug} post.`)), true);
  }
  zip.end();
  const streamed = Buffer.concat(chunks);
  expect((await readZip(streamed)).map((entry) => entry.slug)).toEqual(['first', 'second']);
  await expect(readZip(streamed.subarray(0, 60))).rejects.toThrow('The file is not a zip that can be read.');
});
