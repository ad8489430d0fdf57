import { expect, test } from 'vitest';
import { parseTimedText } from './captions.ts';

test('json3: joins segs, drops style-only events and blank lines', () => {
  const body = JSON.stringify({
    wireMagic: 'pb3',
    events: [
      { tStartMs: 0, dDurationMs: 120000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
      { tStartMs: 1200, dDurationMs: 2300, wWinId: 1, segs: [{ utf8: 'Hello' }, { utf8: ' world', tOffsetMs: 400 }] },
      { tStartMs: 3500, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
      { tStartMs: 3600, dDurationMs: 1500, segs: [{ utf8: "it's   SEO\ntime" }] },
    ],
  });
  expect(parseTimedText(body)).toEqual([
    { start: 1.2, duration: 2.3, text: 'Hello world' },
    { start: 3.6, duration: 1.5, text: "it's SEO time" },
  ]);
});

test('srv1 XML: double-escaped entities are decoded', () => {
  const body =
    '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.5" dur="2.1">it&amp;#39;s &amp;amp; more</text><text start="2.6" dur="1">second\nline</text><text start="4" dur="1"></text></transcript>';
  expect(parseTimedText(body)).toEqual([
    { start: 0.5, duration: 2.1, text: "it's & more" },
    { start: 2.6, duration: 1, text: 'second line' },
  ]);
});

test('srv3 XML: millisecond attributes and nested <s> words', () => {
  const body =
    '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body><p t="500" d="2100">Hello <s t="300">there</s></p><p t="2700" d="900"></p></body></timedtext>';
  expect(parseTimedText(body)).toEqual([{ start: 0.5, duration: 2.1, text: 'Hello there' }]);
});

test('an empty or unknown body yields no segments', () => {
  expect(parseTimedText('')).toEqual([]);
  expect(parseTimedText('{"events": "nope"}')).toEqual([]);
  expect(parseTimedText('{broken')).toEqual([]);
  expect(parseTimedText('plain words')).toEqual([]);
});
