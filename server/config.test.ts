import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

test('defaults match the documented ones', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 3000,
    host: '0.0.0.0',
    siteUrl: 'http://localhost:3000',
    dataDir: './data',
    logLevel: 'info',
    fetchAllowPrivate: [],
    trustProxy: false,
  });
});

test('SITE_URL defaults to the port and loses its trailing slash', () => {
  expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  expect(loadConfig({ SITE_URL: 'https://seo.example.in/' }).siteUrl).toBe('https://seo.example.in');
});

test('FETCH_ALLOW_PRIVATE is a host:port list', () => {
  expect(loadConfig({ FETCH_ALLOW_PRIVATE: '127.0.0.1:4000, localhost:5000,[::1]:6000' }).fetchAllowPrivate).toEqual([
    '127.0.0.1:4000',
    'localhost:5000',
    '[::1]:6000',
  ]);
});

test('TRUST_PROXY accepts booleans, hop counts and subnet lists', () => {
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
});

test('bad values fail fast with a message naming each variable', () => {
  expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', SITE_URL: 'not a url', FETCH_ALLOW_PRIVATE: 'nope' })).toThrowError(
    /Invalid configuration:\n {2}PORT: .+\n {2}SITE_URL: .+\n {2}LOG_LEVEL: .+\n {2}FETCH_ALLOW_PRIVATE: FETCH_ALLOW_PRIVATE entries must look like host:port/,
  );
  expect(() => loadConfig({ SITE_URL: 'ftp://example.com' })).toThrowError(/SITE_URL/);
});
