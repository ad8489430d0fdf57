import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { RANGE_FILES, type RangeFile } from '#server/features/log-files/ranges.ts';
import { createSafeFetcher } from '#server/lib/safe-fetch/index.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { parseDownload, rangeFileText, RANGES_DIR, refreshBotRanges } from './refresh-bot-ranges.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

test('every shipped range file names its publisher and date, and is in the one format the script writes', () => {
  const files = readdirSync(RANGES_DIR).filter((name) => name.endsWith('.json'));
  expect(files.map((name) => name.replace('.json', '')).sort()).toEqual(Object.keys(RANGE_FILES).sort());
  for (const name of files) {
    const text = readFileSync(join(RANGES_DIR, name), 'utf8');
    const file = JSON.parse(text) as RangeFile;
    expect(file.source, name).toMatch(/^https:\/\//);
    expect(file.retrieved, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rangeFileText(file), name).toBe(text);
  }
});

test('the publishers’ documents are refused unless every prefix is an address range', () => {
  expect(parseDownload('u', '<html>', '2026-12-01')).toBe('the answer is not JSON');
  expect(parseDownload('u', '{"prefixes": []}', '2026-12-01')).toBe('the answer has no "prefixes" list');
  expect(parseDownload('u', '{"prefixes": [{"ipv4Prefix": "10.0.0.300/8"}]}', '2026-12-01')).toBe(
    '{"ipv4Prefix":"10.0.0.300/8"} is not an address range',
  );
});

test('a refresh rewrites what downloaded well and keeps, and names, what did not', async () => {
  const site = await startLoopbackServer((req, res) => {
    if (req.url === '/gptbot.json')
      res.end(
        '{"creationTime": "2026-12-01T00:00:00", "prefixes": [{"ipv4Prefix": "192.0.2.0/24"}, {"ipv6Prefix": "2001:db8::/32"}]}',
      );
    else res.writeHead(404).end('gone');
  });
  cleanups.push(site.close);
  const dir = mkdtempSync(join(tmpdir(), 'ranges-'));
  cpSync(RANGES_DIR, dir, { recursive: true });
  const before = readFileSync(join(dir, 'bingbot.json'), 'utf8');
  let out = '';
  const failed = await refreshBotRanges({
    fetcher: createSafeFetcher({ allowPrivate: [site.hostPort], userAgent: 'test' }),
    dir,
    sources: { gptbot: `${site.origin}/gptbot.json`, bingbot: `${site.origin}/bingbot.json` },
    today: '2026-12-02',
    out: (text) => (out += text),
  });
  expect(failed).toEqual(['bingbot']);
  expect(readFileSync(join(dir, 'bingbot.json'), 'utf8')).toBe(before);
  expect(readFileSync(join(dir, 'gptbot.json'), 'utf8')).toBe(
    `{\n  "source": "${site.origin}/gptbot.json",\n  "retrieved": "2026-12-02",\n  "creationTime": "2026-12-01T00:00:00",\n  "prefixes": [\n    {"ipv4Prefix":"192.0.2.0/24"},\n    {"ipv6Prefix":"2001:db8::/32"}\n  ]\n}\n`,
  );
  expect(out).toBe(
    `gptbot: 2 prefixes (published 2026-12-01T00:00:00), changed\nbingbot: NOT refreshed: ${site.origin}/bingbot.json: answered 404\n`,
  );
});
