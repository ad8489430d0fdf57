import { expect, test } from 'vitest';
import { createIdIndex, createUrlStore, newNode } from './store.ts';

test('the id index answers each URL its id across growth, and undefined for a URL never filed', () => {
  const nodes = Array.from({ length: 5000 }, (_, id) => newNode(id, `https://example.test/page/${id}?q=${id % 7}`));
  const index = createIdIndex((id) => nodes[id]!.url);
  for (const node of nodes) index.add(node.id);
  expect(nodes.filter((node) => index.get(node.url) !== node.id)).toEqual([]);
  expect(index.get('https://example.test/page/5000?q=2')).toBeUndefined();
  expect(index.get('')).toBeUndefined();
  // A URL filed again (a restored store's later node) answers its latest id, as a Map's set would.
  nodes.push(newNode(5000, nodes[3]!.url));
  index.add(5000);
  expect(index.get(nodes[3]!.url)).toBe(5000);
});

test('the store remembers the URLs the frontier met by id, and those met before they had a node', () => {
  const store = createUrlStore();
  const [home, about] = [store.idOf('https://example.test/'), store.idOf('https://example.test/about')];
  expect([home, about]).toEqual([0, 1]);
  store.seen.add('https://example.test/');
  // The start page's redirect target, met by the frontier before the store files it.
  store.seen.add('https://example.test/moved');
  expect(
    ['https://example.test/', 'https://example.test/about', 'https://example.test/moved'].map(store.seen.has),
  ).toEqual([true, false, true]);
  expect(store.idOf('https://example.test/moved')).toBe(2);
  expect(store.seen.has('https://example.test/moved')).toBe(true);
  // Far past the first bits made.
  for (let id = 3; id < 3000; id += 1) store.idOf(`https://example.test/p/${id}`);
  store.seen.add('https://example.test/p/2999');
  expect([store.seen.has('https://example.test/p/2999'), store.seen.has('https://example.test/p/2998')]).toEqual([
    true,
    false,
  ]);
  expect(store.find('https://example.test/p/2999')?.id).toBe(2999);
});

test("the store's interned strings (anchor texts, external URLs) keep one id each, restored ones too", () => {
  const store = createUrlStore({
    restored: { nodes: [], anchors: ['Home', 'Page 1'], externals: ['https://other.test/'] },
  });
  expect(['Page 1', 'Page 2', 'Home', 'Page 2'].map(store.anchorId)).toEqual([1, 2, 0, 2]);
  expect(['https://other.test/a', 'https://other.test/'].map(store.externalId)).toEqual([1, 0]);
  expect([store.anchors, store.externals]).toEqual([
    ['Home', 'Page 1', 'Page 2'],
    ['https://other.test/', 'https://other.test/a'],
  ]);
});
