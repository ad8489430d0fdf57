import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { TOOLS } from '#views/tools/try-free-tools/tools.ts';

test('GET /api/try-free-tools/list answers every tool name', async () => {
  const { app } = createTestApp();
  const res = await request(app).get('/api/try-free-tools/list');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ tools: TOOLS.map((tool) => tool.name) });
  expect(res.body.tools).toContain('Comma Separator Tool');
});

test('the hub page server-renders a Try Now link to every canonical tool path', async () => {
  const { app } = createTestApp();
  const res = await request(app).get('/try-free-tools');
  expect(res.status).toBe(200);
  for (const tool of TOOLS) expect(res.text).toContain(`href="${tool.path}"`);
  expect(res.text.match(/>Try Now</g)).toHaveLength(TOOLS.length);
});

test('every Try Now target is a page of the site, not a redirect or a 404', async () => {
  const { app } = createTestApp();
  const { pages } = await import('#server/routes.ts');
  const known = new Set(pages.map((page) => page.path));
  // Pages owned by other issues join the route table as their branches merge; every tool already
  // in the table must answer 200 directly, and this tools must all be there.
  for (const path of ['/comma-separator-tool', '/bulk-anchor-text-generators', '/backlink-generator-tool', '/about-us-page-generator', '/whatsapp-chat-link', '/url-domain-extractor', '/canonical-tag-generator', '/viral-prompts']) {
    expect(known.has(path), path).toBe(true);
  }
  for (const tool of TOOLS.filter((entry) => known.has(entry.path))) {
    expect((await request(app).get(tool.path)).status, tool.path).toBe(200);
  }
});

test('the old hub spellings answer 301 to /try-free-tools', async () => {
  const { app } = createTestApp();
  for (const alias of ['/TryFreeTools', '/free-seo-tools']) {
    const res = await request(app).get(alias);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/try-free-tools');
  }
});

test('the old spellings of every generator page answer 301 to the canonical path', async () => {
  const { app } = createTestApp();
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
