import { expect, test } from 'vitest';
import { fileBrowser, holdRequests, openPage, pauseClock, waitForIslands } from './browser.ts';

const browser = fileBrowser();

async function open(path: string, options: { width?: number; clock?: boolean } = {}) {
  const opened = await openPage(browser, path, options);
  await waitForIslands(opened.page);
  return opened;
}

test('tools hub: every tool has a Try Now link to its canonical path; search by the words people use; an empty search says so with a way back', async () => {
  const { page, problems } = await open('/try-free-tools');
  const listed = (await page.evaluate(() => fetch('/api/try-free-tools/list').then((res) => res.json()))) as {
    tools: string[];
  };
  const rows = page.locator('.tools-hub .hub-card');
  expect(listed.tools.length).toBeGreaterThanOrEqual(8);
  expect(await rows.count()).toBe(listed.tools.length);
  // Cards are grouped by job (issue 13), so they follow the groups rather than the list's order.
  expect((await rows.locator('h3').allInnerTexts()).sort()).toEqual([...listed.tools].sort());
  const hrefs = await page
    .locator('.tools-hub a', { hasText: 'Try Now' })
    .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs).toContain('/bulk-anchor-text-generators');
  expect(hrefs).toContain('/comma-separator-tool');
  expect(hrefs.every((href) => href && /^\/[A-Za-z-]+$/.test(href))).toBe(true);
  expect(await page.getByRole('button', { name: 'Refresh list' }).count()).toBe(0);
  expect(await page.locator('.tools-hub-status').innerText()).toBe(`${listed.tools.length} free tools`);

  const search = page.getByLabel('Search the tools');
  await search.fill('backlinks');
  await expect
    .poll(async () => (await rows.locator('h3').allInnerTexts()).sort())
    .toEqual(['Backlink Generator Tool', 'Bulk Anchor Text Generator']);
  await search.fill('compress');
  await expect.poll(() => rows.locator('h3').allInnerTexts()).toEqual(['Image Compressor']);

  await search.fill('quantum teleporter');
  await expect.poll(() => page.locator('.tools-hub-status').innerText()).toBe('No tool matches “quantum teleporter”');
  expect(await rows.count()).toBe(0);
  expect(await page.locator('.tools-hub-empty a[href="/contact-me"]').count()).toBe(1);
  await page.getByRole('link', { name: 'Show all tools' }).click();
  await expect.poll(() => rows.count()).toBe(listed.tools.length);
  expect(await search.inputValue()).toBe('');

  await page.locator('.tools-hub a[href="/canonical-tag-generator"]').click();
  await page.waitForURL('**/canonical-tag-generator');
  expect(await page.locator('h1').innerText()).toBe('Canonical Tag Generator');
  expect(problems).toEqual([]);
});

test('anchor text generator: empty input message, labelled results, Generating..., CSV, and the failure message', async () => {
  const { page, problems } = await open('/bulk-anchor-text-generators');
  expect(await page.locator('.plans-table tbody tr').count()).toBe(3);
  const button = page.locator('form button[type=submit]');

  await page.fill('#anchor-keywords', ' , \n ,');
  await button.click();
  expect(await page.locator('.tool-card .error').innerText()).toBe('Please enter at least one keyword.');

  await page.fill('#anchor-keywords', 'seo services in delhi,\nlocal seo');
  await page.fill('#anchor-website', 'https://www.example.com/');
  const release = await holdRequests(page, '**/api/bulk-anchor-text-generators/generate');
  await button.click();
  await expect.poll(() => button.innerText()).toBe('Generating...');
  expect(await button.isDisabled()).toBe(true);
  release();
  await page.locator('.anchor-list li').first().waitFor();
  expect(await button.innerText()).toBe('Generate Anchor Texts');
  expect(await page.locator('.anchor-list li').first().innerText()).toBe('seo services in delhi\nExact match');
  const labels = await page.locator('.type-badge').allInnerTexts();
  for (const label of [
    'Exact match',
    'Partial match',
    'Phrase match',
    'LSI variant',
    'Branded',
    'Naked URL',
    'Generic',
  ])
    expect(labels).toContain(label);
  await page.unroute('**/api/bulk-anchor-text-generators/generate');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('anchor-texts.csv');

  await page.route('**/api/bulk-anchor-text-generators/generate', (route) => route.abort());
  await button.click();
  await expect.poll(() => page.locator('.tool-card .error').innerText()).toBe('Failed to generate anchor texts');
  expect(await page.locator('.anchor-list').count()).toBe(0);
  expect(problems).toEqual([]);
});

test('anchor text generator: the server limit message reaches the page', async () => {
  const { page, problems } = await open('/bulk-anchor-text-generators');
  await page.fill('#anchor-keywords', Array.from({ length: 101 }, (_, i) => `keyword ${i}`).join(','));
  await page.locator('form button[type=submit]').click();
  expect(await page.locator('.tool-card .error').innerText()).toBe('Please enter at most 100 keywords at a time.');
  expect(problems).toEqual([]);
});

test('viral prompts: four fixed prompts, list per category, Copied! for 2 seconds, Generate Prompt', async () => {
  const { page, problems } = await open('/viral-prompts', { clock: true });
  expect(await page.locator('.static-prompts li').count()).toBe(4);
  expect(await page.locator('.dynamic-prompts li').count()).toBeGreaterThanOrEqual(10);

  const listed = page.waitForResponse((res) => res.url().includes('/api/viralprompt/generate?category=audio'));
  await page.selectOption('#prompts-category', 'audio');
  expect((await listed).status()).toBe(200);
  await expect
    .poll(() => page.locator('.dynamic-prompts li').first().innerText())
    .toContain('corporate background track');
  expect(await page.locator('.dynamic-prompts li').count()).toBeGreaterThanOrEqual(10);

  const first = page.locator('.static-prompts .prompt-item').first();
  // The fake clock stops before the click, so "2 seconds" is counted by the test, not waited for.
  await pauseClock(page);
  await first.click();
  await expect.poll(() => first.locator('.prompt-copy').innerText()).toBe('Copied!');
  await page.clock.runFor(1500);
  expect(await first.locator('.prompt-copy').innerText()).toBe('Copied!');
  await page.clock.runFor(600);
  await expect.poll(() => first.locator('.prompt-copy').innerText()).toBe('Copy');
  await page.clock.resume();

  const button = page.getByRole('button', { name: 'Generate Prompt' });
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/viralprompt/generate')) posts += 1;
  });
  await page.fill('#prompts-idea', '    ');
  await button.click();
  expect(await page.inputValue('#prompts-output')).toBe('');

  await page.fill('#prompts-idea', 'a monsoon evening in Mumbai');
  const release = await holdRequests(page, '**/api/viralprompt/generate');
  await button.click();
  await expect.poll(() => page.locator('form button[type=submit]').innerText()).toBe('Generating...');
  // Requests are reported in order: had the blank idea been sent, this would count two.
  expect(posts).toBe(1);
  release();
  await expect.poll(() => page.inputValue('#prompts-output')).toContain('a monsoon evening in Mumbai');
  expect(await page.inputValue('#prompts-output')).toContain('Tempo:');
  expect(await page.locator('#prompts-output').getAttribute('readonly')).not.toBeNull();
  expect(await page.locator('form button[type=submit]').innerText()).toBe('Generate Prompt');
  expect(problems).toEqual([]);
});
