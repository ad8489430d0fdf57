import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { pages } from '#server/pages/routes.ts';
import { availableTools, TOOLS } from '#views/model/tools-hub.ts';

const available = availableTools(new Set(pages.map((page) => page.path)));

test('GET /api/try-free-tools/list answers every tool name', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/api/try-free-tools/list');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ tools: available.map((tool) => tool.name) });
  for (const name of ['Comma Separator Tool', 'Bulk Anchor Text Generator', 'Viral Prompts', 'Canonical Tag Generator'])
    expect(res.body.tools).toContain(name);
});

test('the hub page server-renders a Try Now link for exactly the tools the API lists', async () => {
  const { app } = await createTestApp();
  const res = await request(app).get('/try-free-tools');
  expect(res.status).toBe(200);
  const tryNow = [
    ...res.text.matchAll(/<a class="button" href="([^"]+)" aria-label="Try Now: [^"]+">Try Now<\/a>/g),
  ].map((m) => m[1]);
  // The cards are grouped by job, so compare as sets; every listed tool has exactly one.
  expect([...tryNow].sort()).toEqual(available.map((tool) => tool.path).sort());
  const missing = TOOLS.filter((tool) => !available.includes(tool));
  for (const tool of missing) expect(res.text).not.toContain(`href="${tool.path}"`);
});

test('every Try Now target is a page of the site, not a redirect or a 404', async () => {
  const { app } = await createTestApp();
  const known = new Set(pages.map((page) => page.path));
  // Pages owned by other issues join the route table as their branches merge; every tool already
  // in the table must answer 200 directly, and this tools must all be there.
  for (const path of [
    '/comma-separator-tool',
    '/bulk-anchor-text-generators',
    '/backlink-generator-tool',
    '/about-us-page-generator',
    '/whatsapp-chat-link',
    '/url-domain-extractor',
    '/canonical-tag-generator',
    '/viral-prompts',
  ]) {
    expect(known.has(path), path).toBe(true);
  }
  for (const tool of TOOLS.filter((entry) => known.has(entry.path))) {
    expect((await request(app).get(tool.path)).status, tool.path).toBe(200);
  }
});

test('the old hub spellings answer 301 to /try-free-tools', async () => {
  const { app } = await createTestApp();
  for (const alias of ['/TryFreeTools', '/free-seo-tools']) {
    const res = await request(app).get(alias);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/try-free-tools');
  }
});

test('the old spellings of every generator page answer 301 to the canonical path', async () => {
  const { app } = await createTestApp();
  const aliases: Record<string, string> = {
    '/BulkAnchorTextGenerators': '/bulk-anchor-text-generators',
    '/bulk-anchor-text-generator': '/bulk-anchor-text-generators',
    '/WhatsAppChatLink': '/whatsapp-chat-link',
    '/whatsapp-chat-link-generator': '/whatsapp-chat-link',
    '/UrlDomainExtractor': '/url-domain-extractor',
    '/BacklinkGeneratorTool': '/backlink-generator-tool',
    '/AboutUsPageGenerator': '/about-us-page-generator',
    '/CanonicalTagGenerator': '/canonical-tag-generator',
  };
  for (const [alias, target] of Object.entries(aliases)) {
    const res = await request(app).get(`${alias}?ref=old`);
    expect(res.status, alias).toBe(301);
    expect(res.headers.location).toBe(`${target}?ref=old`);
  }
});
