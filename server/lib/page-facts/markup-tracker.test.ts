import { expect, test } from 'vitest';
import { createPageFactsParser, extractPageFacts } from './extract.ts';

test('heading skips are counted from the heading before, the first one named', () => {
  const facts = extractPageFacts('<h2>a</h2><h4>b</h4><h1>c</h1><h2>d</h2><h3>e</h3><h6>f</h6><svg><h5></h5></svg>');
  expect([facts.headingSkips, facts.firstHeadingSkip]).toEqual([2, 'h2 → h4']);
  expect(extractPageFacts('<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2><h1>e</h1><h2>f</h2>').headingSkips).toBe(0);
});

test('elements, duplicate ids (each counted once, the first three named) and charset are read in the one pass', () => {
  const facts = extractPageFacts(
    '<html><head><meta charset="utf-8"></head><body><p id="a"></p><p id="a"></p><p id="a"></p><i id="b"></i><i id="b"></i><b id="c"></b><b id="c"></b><s id="d"></s><s id="d"></s><u id=""></u><u id=""></u></body></html>',
  );
  expect(facts.elementCount).toBe(15);
  expect([facts.duplicateIdCount, facts.duplicateIds]).toEqual([4, ['a', 'b', 'c']]);
  expect(facts.metaCharset).toBe(true);
  expect(extractPageFacts('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">').metaCharset).toBe(
    true,
  );
  expect(extractPageFacts('<meta http-equiv="Content-Type" content="text/html">').metaCharset).toBe(false);
});

test('lorem ipsum is found across chunks and text nodes, never in scripts or hidden elements', () => {
  const parser = createPageFactsParser();
  for (const chunk of ['<p>Lor', 'em <b>', 'ips', 'um</b></p>']) parser.write(chunk);
  expect(parser.end().placeholderText).toBe(true);
  expect(
    extractPageFacts(
      '<script>lorem ipsum</script><div style="display:none">lorem ipsum</div><p>lorem</p><p>x ipsum</p>',
    ).placeholderText,
  ).toBe(false);
});

test('rel=next and rel=prev links are kept, a few at most', () => {
  const facts = extractPageFacts(
    '<link rel="next" href="/p3"><link rel="prev" href="/p1"><link rel="previous" href="/p1b"><link rel="next" href=""><link rel="next" href="/a"><link rel="next" href="/b">',
  );
  expect(facts.pagination).toEqual([
    { rel: 'next', href: '/p3' },
    { rel: 'prev', href: '/p1' },
    { rel: 'prev', href: '/p1b' },
    { rel: 'next', href: '/a' },
  ]);
});

test('a page of 25,000 distinct ids and their repeats stays bounded: ids past 20,000 are not remembered', () => {
  const ids = Array.from({ length: 25_000 }, (_, i) => `<i id="x${i}"></i>`).join('');
  const facts = extractPageFacts(ids + ids);
  expect(facts.elementCount).toBe(50_000);
  expect(facts.duplicateIdCount).toBe(20_000);
  expect(facts.duplicateIds).toEqual(['x0', 'x1', 'x2']);
});
