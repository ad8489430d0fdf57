import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { operatorProfilePath } from '#test/helpers/business.ts';
import { configWarnings, loadConfig } from './index.ts';

test('defaults match the documented ones', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    env: 'development',
    port: 3000,
    host: '0.0.0.0',
    siteUrl: 'http://localhost:3000',
    dataDir: './data',
    logLevel: 'info',
    fetchAllowPrivate: [],
    trustProxy: false,
    sitemapGenerator: {
      maxPages: 5000,
      maxDepth: 50,
      concurrency: 8,
      pageTimeoutMs: 15_000,
      crawlTimeoutMs: 180_000,
      maxPageBytes: 5 * 1024 * 1024,
      maxRunning: 4,
      keep: 500,
      rateLimitPer10Min: 10,
    },
    imageCompressor: { concurrency: undefined, maxQueued: 16 },
    videoDownloader: {
      origins: {
        pinterest: 'https://www.pinterest.com',
        pinIt: 'https://pin.it',
        instagram: 'https://www.instagram.com',
      },
      maxBytes: 100 * 1024 * 1024,
    },
    youtube: { origin: 'https://www.youtube.com' },
    pdf: { fontPath: undefined },
    pageSpeed: null,
    searchConsole: null,
    llm: null,
  });
});

test('SITE_URL defaults to the port and loses its trailing slash; origins lose theirs too', () => {
  expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  expect(loadConfig({ SITE_URL: 'https://seo.example.in/' }).siteUrl).toBe('https://seo.example.in');
  expect(loadConfig({ YOUTUBE_ORIGIN: 'http://127.0.0.1:4000/' }).youtube.origin).toBe('http://127.0.0.1:4000');
});

test('blank values count as unset', () => {
  const config = loadConfig({ SITEMAP_KEEP: '', PORT: '  ', LLM_BASE_URL: '' });
  expect([config.sitemapGenerator.keep, config.port, config.llm]).toEqual([500, 3000, null]);
});

test('feature variables override their section', () => {
  const config = loadConfig({
    SITEMAP_MAX_PAGES: '200',
    SITEMAP_CONCURRENCY: '2',
    IMAGE_JOBS: '3',
    MEDIA_MAX_BYTES: '1024',
    PDF_FONT_PATH: '/fonts/noto.ttf',
  });
  expect(config.sitemapGenerator).toMatchObject({ maxPages: 200, concurrency: 2 });
  expect(config.imageCompressor.concurrency).toBe(3);
  expect(config.videoDownloader.maxBytes).toBe(1024);
  expect(config.pdf.fontPath).toBe('/fonts/noto.ttf');
});

test('FETCH_ALLOW_PRIVATE is a host:port list', () => {
  expect(loadConfig({ FETCH_ALLOW_PRIVATE: '127.0.0.1:4000, localhost:5000,[::1]:6000' }).fetchAllowPrivate).toEqual([
    '127.0.0.1:4000',
    'localhost:5000',
    '[::1]:6000',
  ]);
});

test("TRUST_PROXY takes a hop count or the proxies' addresses, subnets and names", () => {
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(
    loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,uniquelocal, 192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0' })
      .trustProxy,
  ).toEqual(['loopback', '10.0.0.0/8', 'uniquelocal', '192.168.1.7', 'fd00::/8', '172.16.0.0/255.240.0.0']);
});

test('TRUST_PROXY=true is refused with the reason', () => {
  expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
    'TRUST_PROXY must not be true: trusting every hop lets any client choose its own address, which switches off per-IP limits and the stored ip_hash; give the number of proxies in front (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8) (got "true")',
  ]);
  expect(problemsOf({ TRUST_PROXY: 'loopback,proxy.internal' })).toEqual([
    'TRUST_PROXY must be a hop count (e.g. 1) or a comma list of addresses, subnets or the names loopback, linklocal, uniquelocal ("proxy.internal" is none of these) (got "loopback,proxy.internal")',
  ]);
  expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toHaveLength(1);
});

test('every bad value is reported at once, one plain line each, naming the variable and the value', () => {
  expect(
    problemsOf({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      SITE_URL: 'ftp://example.com',
      FETCH_ALLOW_PRIVATE: 'nope',
      SITEMAP_MAX_PAGES: 'abc',
      SITEMAP_KEEP: '0',
      IMAGE_JOBS: '65',
      INSTAGRAM_ORIGIN: 'not a url',
    }),
  ).toEqual([
    'PORT must be a port number from 0 to 65535 (got "eighty")',
    'SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "ftp://example.com")',
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    'FETCH_ALLOW_PRIVATE must be a comma list of host:port entries such as 127.0.0.1:4000 ("nope" is not one) (got "nope")',
    'SITEMAP_MAX_PAGES must be a whole number ≥ 1 (got "abc")',
    'SITEMAP_KEEP must be a whole number ≥ 1 (got "0")',
    'IMAGE_JOBS must be a whole number ≤ 64 (got "65")',
    'INSTAGRAM_ORIGIN must be an absolute http(s) URL such as https://www.instagram.com (got "not a url")',
  ]);
  expect(problemsOf({ SITEMAP_MAX_DEPTH: '2.5', NODE_ENV: 'staging' })).toEqual([
    'NODE_ENV must be one of development, production, test (got "staging")',
    'SITEMAP_MAX_DEPTH must be a whole number ≥ 1 (got "2.5")',
  ]);
});

test('optional providers: PageSpeed with a key, the LLM only with all three settings', () => {
  expect(loadConfig({ PAGESPEED_API_KEY: 'k' }).pageSpeed).toEqual({
    apiKey: 'k',
    origin: 'https://www.googleapis.com',
  });
  expect(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_API_KEY: 'k', LLM_MODEL: 'm' }).llm).toEqual({
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: 'k',
    model: 'm',
  });
  expect(problemsOf({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_API_KEY: 'k' })).toEqual([
    'LLM_MODEL must be set too: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together',
  ]);
  expect(problemsOf({ LLM_BASE_URL: 'ftp://x', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toEqual([
    'LLM_BASE_URL must be an absolute http(s) URL such as http://127.0.0.1:11434/v1 (got "ftp://x")',
  ]);
});

test('Search Console credentials are read at boot, from inline JSON or a file, and never echoed', () => {
  const key = {
    client_email: 'bot@project.iam.gserviceaccount.com',
    private_key: '-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n',
  };
  const file = join(mkdtempSync(join(tmpdir(), 'sc-')), 'key.json');
  writeFileSync(file, JSON.stringify(key));
  expect(
    loadConfig({ SEARCH_CONSOLE_CREDENTIALS: file, SEARCH_CONSOLE_PROPERTY: 'sc-domain:example.com' }).searchConsole,
  ).toEqual({
    credentials: key,
    property: 'sc-domain:example.com',
    apiOrigin: 'https://searchconsole.googleapis.com',
    tokenUrl: undefined,
  });
  expect(
    loadConfig({ SEARCH_CONSOLE_CREDENTIALS: JSON.stringify(key), SEARCH_CONSOLE_PROPERTY: 'https://example.com/' })
      .searchConsole?.credentials,
  ).toEqual(key);
  expect(
    problemsOf({ SEARCH_CONSOLE_CREDENTIALS: '/nowhere/key.json', SEARCH_CONSOLE_PROPERTY: 'sc-domain:example.com' }),
  ).toEqual(['SEARCH_CONSOLE_CREDENTIALS names a file that cannot be read (ENOENT: /nowhere/key.json)']);
  const broken = problemsOf({
    SEARCH_CONSOLE_CREDENTIALS: '{"private_key": "secret-value"}',
    SEARCH_CONSOLE_PROPERTY: 'example.com',
  });
  expect(broken).toEqual([
    'SEARCH_CONSOLE_PROPERTY must be sc-domain:<domain> or a URL prefix ending in / such as https://example.com/ (got "example.com")',
    'SEARCH_CONSOLE_CREDENTIALS must be a Google service-account key (inline JSON or the path of its file) with client_email and private_key',
  ]);
  expect(problemsOf({ SEARCH_CONSOLE_PROPERTY: 'sc-domain:example.com' })).toEqual([
    'SEARCH_CONSOLE_CREDENTIALS must be set when SEARCH_CONSOLE_PROPERTY is',
  ]);
});

test('FETCH_ALLOW_PRIVATE in production is a warning naming each target', () => {
  const production = { NODE_ENV: 'production', SITE_URL: 'https://seo.example.in', SITE_PROFILE: operatorProfilePath };
  expect(configWarnings(loadConfig({ ...production, FETCH_ALLOW_PRIVATE: '127.0.0.1:4000,localhost:5000' }))).toEqual([
    'FETCH_ALLOW_PRIVATE is set in production: the guarded fetcher may reach these private targets: 127.0.0.1:4000, localhost:5000',
  ]);
  expect(configWarnings(loadConfig({ FETCH_ALLOW_PRIVATE: '127.0.0.1:4000' }))).toEqual([]);
  expect(configWarnings(loadConfig(production))).toEqual([]);
});

test('production without SITE_URL, or with a relative one, stops with a line naming SITE_URL', () => {
  expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
    'SITE_URL must be set when NODE_ENV=production: the public origin of the site, such as https://www.example.com',
  ]);
  expect(problemsOf({ NODE_ENV: 'production', SITE_URL: 'www.example.in' })).toEqual([
    'SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "www.example.in")',
  ]);
  expect(problemsOf({ NODE_ENV: 'production', SITE_URL: '/site' })).toHaveLength(1);
  expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://seo.example.in/' }).siteUrl).toBe(
    'https://seo.example.in',
  );
  // Outside production the localhost default still serves development and tests, and command-line
  // tools (which publish no URLs) run in a production environment without it.
  expect(loadConfig({ NODE_ENV: 'development' }).siteUrl).toBe('http://localhost:3000');
  expect(loadConfig({ NODE_ENV: 'production' }, { cli: true }).env).toBe('production');
});

test('production on the sample profile boots with a warning saying it is not indexable', () => {
  expect(configWarnings(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://seo.example.in' }))).toEqual([
    'SITE_PROFILE is not set: the site shows the sample business, tells search engines not to index any page and says so on every page; set SITE_PROFILE to your business profile (docs/profile.example.json shows the fields)',
  ]);
});

test('the image compressor limits default as documented and take overrides', () => {
  expect(loadConfig({}).imageCompressor).toEqual({
    concurrency: undefined,
    maxQueued: 16,
    memoryBudgetBytes: 768 * 1024 * 1024,
    deadlineMs: 25_000,
    maxPerClient: 4,
    ratePerMinute: 60,
  });
  expect(loadConfig({ IMAGE_MEMORY_MB: '256', IMAGE_DEADLINE_MS: '10000' }).imageCompressor).toMatchObject({
    memoryBudgetBytes: 256 * 1024 * 1024,
    deadlineMs: 10_000,
  });
  // The deadline must leave room to answer within 30 s.
  expect(problemsOf({ IMAGE_DEADLINE_MS: '30000' })).toEqual([
    'IMAGE_DEADLINE_MS must be a whole number ≤ 29000 (got "30000")',
  ]);
});

test('MEDIA_PROXY_URL takes an http(s) proxy with credentials, and never echoes a bad value', () => {
  expect(loadConfig({}).videoDownloader.proxyUrl).toBeUndefined();
  expect(loadConfig({ MEDIA_PROXY_URL: 'http://user:secret@proxy.example:3128' }).videoDownloader.proxyUrl?.href).toBe(
    'http://user:secret@proxy.example:3128/',
  );
  const problems = problemsOf({ MEDIA_PROXY_URL: 'socks5://user:secret@proxy.example:1080' });
  expect(problems).toEqual([
    'MEDIA_PROXY_URL must be an http(s) proxy URL such as http://user:password@proxy.example:3128',
  ]);
  expect(problems.join('')).not.toContain('secret');
});
