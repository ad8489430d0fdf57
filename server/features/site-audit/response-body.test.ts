import { Readable } from 'node:stream';
import { expect, test } from 'vitest';
import { countedPast, LARGE_STYLESHEET_BYTES, sizeText } from '#views/model/counted-size.ts';
import { bodySize } from './response-body.ts';

/** A response whose body of `size` bytes arrives in chunks of the given sizes, in turn. */
function response(size: number, chunks: number[], headers: Record<string, string> = {}) {
  const parts: Buffer[] = [];
  for (let sent = 0, turn = 0; sent < size; turn += 1) {
    const length = Math.min(chunks[turn % chunks.length]!, size - sent);
    parts.push(Buffer.alloc(length, 0x20));
    sent += length;
  }
  return { url: 'http://site.test/big.css', status: 200, headers, body: Readable.from(parts) };
}

test('a body sent without its length is counted to just past its line: kept as "over the line" however it was cut into chunks', async () => {
  const sizes = await Promise.all(
    [[16_384], [65_536], [1000, 70_000], [150 * 1024], [7]].map((chunks) =>
      bodySize(response(200 * 1024, chunks), undefined, LARGE_STYLESHEET_BYTES),
    ),
  );
  expect(sizes).toEqual(Array(5).fill(countedPast(LARGE_STYLESHEET_BYTES)));
  expect(sizeText(sizes[0]!)).toBe('over 150 KB');
  // At the line exactly, and under it: counted whole.
  expect(await bodySize(response(150 * 1024, [65_536]), undefined, LARGE_STYLESHEET_BYTES)).toBe(150 * 1024);
  expect(await bodySize(response(1234, [100]), undefined, LARGE_STYLESHEET_BYTES)).toBe(1234);
});

test('a body sent with its length is that length, read or not', async () => {
  const headers = { 'content-length': String(200 * 1024) };
  expect(await bodySize(response(200 * 1024, [65_536], headers), undefined, LARGE_STYLESHEET_BYTES)).toBe(204_800);
  let sniffed = 0;
  const size = await bodySize(
    response(200 * 1024, [65_536], headers),
    (head) => (sniffed = head.length),
    LARGE_STYLESHEET_BYTES,
  );
  expect([size, sniffed]).toEqual([204_800, 65_536]);
  expect(sizeText(204_800)).toBe('200 KB');
});

test('sizes in words', () => {
  expect(
    [512, 191 * 1024 + 300, 2.4 * 1024 * 1024, countedPast(100 * 1024), countedPast(500 * 1024)].map(sizeText),
  ).toEqual(['512 B', '191 KB', '2.4 MB', 'over 100 KB', 'over 500 KB']);
});
