import { expect, test } from 'vitest';
import { decodeXmlEntities, extractJsonAfter, findObjectsWithKey, jsonScripts } from './json-in-html.ts';

test('extracts an object even when a string inside it contains braces and "};"', () => {
  const html = '<script>var ytInitialPlayerResponse = {"a":{"b":"x};{y\\"}"},"c":[1,{"d":2}]};var other = {};</script>';
  expect(extractJsonAfter(html, 'ytInitialPlayerResponse')).toEqual({ a: { b: 'x};{y"}' }, c: [1, { d: 2 }] });
});

test('missing marker or an unterminated object gives undefined', () => {
  expect(extractJsonAfter('<html></html>', 'ytInitialPlayerResponse')).toBeUndefined();
  expect(extractJsonAfter('ytInitialPlayerResponse = {"a": 1', 'ytInitialPlayerResponse')).toBeUndefined();
});

test('collects JSON script blocks and skips malformed ones', () => {
  const html =
    '<script id="__PWS_DATA__" type="application/json">{"x":1}</script><script type="application/json">{bad</script><script type="application/ld+json">[2]</script>';
  expect(jsonScripts(html)).toEqual([{ x: 1 }, [2]]);
});

test('finds nested objects that carry a key', () => {
  const data = { a: [{ video_list: 1 }, { b: { video_list: 2 } }], video_list: 0 };
  expect(findObjectsWithKey(data, 'video_list').map((o) => o.video_list)).toEqual([0, 1, 2]);
});

test('decodes XML and numeric entities, leaving unknown ones alone', () => {
  expect(decodeXmlEntities('it&#39;s &amp; &lt;b&gt; &#x1F600; &bogus;')).toBe("it's & <b> 😀 &bogus;");
});
