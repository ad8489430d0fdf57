import { expect, test } from 'vitest';
import { DOMAIN_INVALID, DOMAIN_REQUIRED } from '../url-input.ts';
import { backlinksToCsv, batches, generateBacklinks } from './logic.ts';
import { SERVICES } from '#views/model/backlink-services.ts';

function linksFor(input: string) {
  const result = generateBacklinks(input);
  if (!result.ok) throw new Error(result.error);
  return result;
}

test('at least 40 distinct https services, each with the domain filled in', () => {
  expect(SERVICES.length).toBeGreaterThanOrEqual(40);
  const { links } = linksFor('example.com');
  expect(links).toHaveLength(SERVICES.length);
  expect(new Set(links.map((link) => link.url)).size).toBe(links.length);
  expect(
    new Set(SERVICES.map((service) => new URL(service.template.replace(/\{\w+\}/g, 'x')).hostname)).size,
  ).toBeGreaterThanOrEqual(40);
  for (const link of links) {
    expect(new URL(link.url).protocol).toBe('https:');
    expect(link.url).toContain('example.com');
    expect(link.url).not.toMatch(/\{|\}/);
  }
});

test('a full URL with www, port and path gives the bare domain', () => {
  const result = linksFor('https://www.example.com:8443/blog?x=1');
  expect(result.domain).toBe('example.com');
  expect(result.links.find((link) => link.name === 'Whois.com')?.url).toBe('https://www.whois.com/whois/example.com');
  expect(result.links.find((link) => link.name === 'PageSpeed Insights')?.url).toBe(
    'https://pagespeed.web.dev/report?url=https%3A%2F%2Fexample.com%2F',
  );
});

test('IDN domains are filled in as punycode', () => {
  const result = linksFor('münchen.de');
  expect(result.domain).toBe('xn--mnchen-3ya.de');
  expect(result.links.find((link) => link.name === 'Similarweb')?.url).toBe(
    'https://www.similarweb.com/website/xn--mnchen-3ya.de/',
  );
});

test('empty and invalid input gives a message instead of links', () => {
  expect(generateBacklinks('')).toEqual({ ok: false, error: DOMAIN_REQUIRED });
  expect(generateBacklinks('http://192.168.0.1')).toEqual({ ok: false, error: DOMAIN_INVALID });
  expect(generateBacklinks('<script>.com')).toEqual({ ok: false, error: DOMAIN_INVALID });
});

test('batches split the list evenly with a short last group', () => {
  expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(batches([], 5)).toEqual([]);
});

test('CSV lists service, category and URL', () => {
  const csv = backlinksToCsv(linksFor('example.com').links.slice(0, 1));
  expect(csv).toBe('Service,Category,URL\r\nWhois.com,Whois & DNS,https://www.whois.com/whois/example.com\r\n');
});
