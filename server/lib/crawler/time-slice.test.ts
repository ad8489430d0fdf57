import { expect, test } from 'vitest';
import { robotsMatcher, robotsMatcherSliced } from './robots-txt.ts';
import { createTimeSlicer } from './time-slice.ts';

/** A clock the test moves, and turns of the "event loop" the test gives one at a time. */
function manualLoop() {
  let now = 0;
  const pending: Array<() => void> = [];
  return {
    now: () => now,
    advance: (ms: number) => (now += ms),
    turn: () => new Promise<void>((resolve) => pending.push(resolve)),
    /** Runs one turn: the waiter it wakes goes on until it waits again. */
    async give() {
      pending.shift()?.();
      for (let index = 0; index < 10; index += 1) await Promise.resolve();
    },
    get waiting() {
      return pending.length;
    },
  };
}

test('breathe goes on at once within the slice and waits for a turn past it', async () => {
  const loop = manualLoop();
  const slicer = createTimeSlicer({ sliceMs: 10, now: loop.now, turn: loop.turn });
  const log: string[] = [];
  const work = (async () => {
    await slicer.breathe();
    log.push('within');
    loop.advance(10);
    await slicer.breathe();
    log.push('after a turn');
  })();
  await loop.give();
  expect([log, loop.waiting, slicer.turns]).toEqual([['within'], 1, 0]);
  await loop.give();
  await work;
  expect([log, slicer.turns]).toEqual([['within', 'after a turn'], 1]);
});

test('each turn lets one waiter go on, first come first served, so two crawls take turns', async () => {
  const loop = manualLoop();
  const slicer = createTimeSlicer({ sliceMs: 10, now: loop.now, turn: loop.turn });
  const log: string[] = [];
  const crawl = async (name: string) => {
    for (let unit = 0; unit < 2; unit += 1) {
      await slicer.breathe();
      log.push(`${name}${unit}`);
      loop.advance(10);
    }
  };
  loop.advance(10);
  const both = Promise.all([crawl('a'), crawl('b')]);
  for (let turn = 0; turn < 4; turn += 1) await loop.give();
  await both;
  expect(log).toEqual(['a0', 'b0', 'a1', 'b1']);
  expect(slicer.turns).toBe(4);
});

test('the sliced robots.txt reader decides exactly as the one-go reader and breathes once per line and rule', async () => {
  const rules = Array.from({ length: 300 }, (_, index) => `${index % 3 ? 'Disallow' : 'Allow'}: /*a*${index}$\n`).join(
    '',
  );
  const robotsTxt = `User-agent: other\nDisallow: /\n\nUser-agent: *\nCrawl-delay: 2\nAllow: /dir/index.html\n${rules}Sitemap: http://site.test/s.xml\n`;
  let breaths = 0;
  const sliced = await robotsMatcherSliced(robotsTxt, 'DelhiSeoToolsBot', async () => {
    breaths += 1;
  });
  const whole = robotsMatcher(robotsTxt, 'DelhiSeoToolsBot');
  const urls = ['/', '/dir/', '/xa7', '/a12', '/ba299', '/a300', '/b'].map((path) => `http://site.test${path}`);
  expect(urls.map((url) => sliced.decidingRule(url))).toEqual(urls.map((url) => whole.decidingRule(url)));
  expect([sliced.crawlDelaySeconds, sliced.sitemaps]).toEqual([whole.crawlDelaySeconds, whole.sitemaps]);
  // 306 directive lines, then 301 rules and the /dir/ rule /dir/index.html implies.
  expect(breaths).toBe(306 + 302);
});
