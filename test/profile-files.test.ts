import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { operatorProfilePath } from '#test/helpers/business.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** An app whose profile names a logo file inside its DATA_DIR, closed when the test ends. */
async function appWithLogo() {
  const dataDir = mkdtempSync(join(tmpdir(), 'logo-'));
  writeFileSync(join(dataDir, 'logo.svg'), SVG);
  const profile = { ...JSON.parse(readFileSync(operatorProfilePath, 'utf8')), logo: 'logo.svg' };
  const file = join(dataDir, 'profile.json');
  writeFileSync(file, JSON.stringify(profile));
  const testApp = await createTestApp({ dataDir, env: { SITE_PROFILE: file } });
  onTestFinished(testApp.close);
  return testApp;
}

test('the logo is served from memory under a content-hashed URL and shown in the header and JSON-LD', async () => {
  const { app, config } = await appWithLogo();
  const url = config.siteProfile.logo!.url;
  expect(url).toMatch(/^\/logo-[0-9a-f]{12}\.svg$/);
  const res = await request(app).get(url);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // Same CSP as every response: an SVG opened on its own cannot run scripts.
  expect(res.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
  expect(String(res.body)).toContain('<svg');
  const home = (await request(app).get('/')).text;
  expect(home).toContain(`<img src="${url}" alt=""`);
  expect(home).toContain(`"logo":"https://example.test${url}"`);
  // Nothing else under DATA_DIR is reachable.
  expect((await request(app).get('/profile.json')).status).toBe(404);
  expect((await request(app).get('/logo.svg')).status).toBe(404);
});

test("the web app manifest names the operator's business", async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/manifest.webmanifest');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/manifest+json');
  expect(JSON.parse(res.text)).toMatchObject({
    name: 'Lotus Lane Digital – Search marketing for Gurugram and Delhi NCR',
    short_name: 'Lotus',
    start_url: '/',
  });
});
