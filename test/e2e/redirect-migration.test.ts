import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { axeViolations, clippedContent, fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();
const hops = () => inject('fixtures')['redirect-hops'];
const shots = 'test-results/screenshots';

/** Four telling rows, then 26 rows that stay put (same old and new URL): two batches of 25. */
function migrationCsv(): string {
  const o = hops();
  const filler = Array.from({ length: 26 }, (_, i) => `${o}/final?n=${i},${o}/final?n=${i}`);
  return [
    'Old URL,New URL',
    `${o}/old/page,/new/page`,
    `"${o}/old/temporary","${o}/new/page"`,
    '',
    `${o}/old/by-agent,${o}/new/page`,
    `${o}/old/wrong,${o}/new/page`,
    ...filler,
  ].join('\r\n');
}

async function download(page: Page, button: string): Promise<[string, string]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return [file.suggestedFilename(), readFileSync(await file.path(), 'utf8')];
}

async function openMigration(width: number, height: number) {
  const opened = await openPage(browser, '/bulk-url-redirection-tool', { width, height });
  await waitForIslands(opened.page);
  await opened.page.getByRole('tab', { name: 'Check a migration (old → new)' }).click();
  return opened;
}

test('migration at 1366 px: rows come in batch by batch with progress; results, CSV, nginx and Apache exports', async () => {
  const { page, problems } = await openMigration(1366, 900);
  const o = hops();
  // The second batch waits until the first batch's rows are on screen.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let batches = 0;
  const bodies: unknown[] = [];
  await page.route('**/api/bulk-url-redirection/migration', async (route) => {
    batches += 1;
    bodies.push(route.request().postDataJSON());
    if (batches === 2) await gate;
    await route.continue();
  });
  await page.locator('#redirects-csv').fill(migrationCsv());
  await page.getByRole('button', { name: 'Check migration' }).click();
  const progress = page.locator('.migration-progress');
  await expect.poll(() => progress.innerText(), { timeout: 15_000 }).toBe('Checked 25 of 30 rows');
  expect(await page.getByRole('button', { name: 'Checking…' }).isDisabled()).toBe(true);
  const rows = page.locator('.migration-table tbody tr');
  expect(await rows.count()).toBe(25);
  release();
  await expect.poll(() => progress.innerText(), { timeout: 15_000 }).toBe('Checked 30 of 30 rows');
  expect(bodies.map((body) => (body as { rows: unknown[] }).rows.length)).toEqual([25, 5]);
  expect((bodies[0] as { rows: unknown[] }).rows[0]).toEqual({ from: `${o}/old/page`, to: '/new/page' });
  expect(await rows.count()).toBe(30);
  expect(await page.locator('.migration-summary').innerText()).toBe(
    '27 as expected · 3 not as expected · 1 where Googlebot and browsers end up apart',
  );
  const cells = (index: number) => rows.nth(index).locator('td').allInnerTexts();
  expect((await cells(0)).map((text) => text.split('\n')[0])).toEqual([
    `${o}/old/page`,
    `${o}/new/page`,
    '200 · 1 hop · Permanent',
    '200 · 1 hop · Permanent',
    'As expected',
  ]);
  expect(await rows.nth(2).locator('td').nth(4).innerText()).toBe(
    'Not as expected\nGooglebot: as expected · Browser: Ends on a different URL; Temporary redirect (use 301)',
  );
  expect(await rows.nth(0).locator('td').nth(2).locator('.hop').first().innerText()).toContain('X-Robots-Tag: noindex');
  await page.getByLabel('Only rows not as expected').check();
  expect(await rows.count()).toBe(3);

  const [csvName, csv] = await download(page, 'Download CSV');
  expect(csvName).toBe('migration-check.csv');
  expect(csv.split('\r\n')[2]).toBe(
    `${o}/old/temporary,${o}/new/page,No,${o}/new/page,200,1,Temporary,${o}/new/page,200,1,Temporary,Temporary redirect (use 301)`,
  );
  const host = new URL(o).host;
  expect(await download(page, 'Download nginx rules')).toEqual([
    'redirects-nginx.conf',
    [
      `# ${host}: paste inside the server { } block that serves ${host}.`,
      `location = "/old/temporary" { return 301 "${o}/new/page"; }`,
      `location = "/old/by-agent" { return 301 "${o}/new/page"; }`,
      `location = "/old/wrong" { return 301 "${o}/new/page"; }`,
      '',
    ].join('\n'),
  ]);
  expect(await download(page, 'Download Apache rules')).toEqual([
    'redirects-apache.conf',
    [
      `# ${host}: paste into the <VirtualHost> for ${host}, or its root .htaccess.`,
      'RewriteEngine On',
      `RewriteRule ^/?old/temporary$ ${o}/new/page [R=301,L,NE]`,
      `RewriteRule ^/?old/by-agent$ ${o}/new/page [R=301,L,NE]`,
      `RewriteRule ^/?old/wrong$ ${o}/new/page [R=301,L,NE]`,
      '',
    ].join('\n'),
  ]);
  await page.getByText('nginx rules', { exact: true }).click();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/redirect-migration-desktop.png`, fullPage: true });
  await page
    .locator('.redirect-checker .results')
    .screenshot({ path: `${shots}/redirect-migration-desktop-results.png` });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('migration at 390 px: an empty or header-only upload says so; bad lines are skipped with their numbers, the good rows checked as cards', async () => {
  const { page, problems } = await openMigration(390, 844);
  const o = hops();
  const errors = () => page.locator('.migration-form .error').allInnerTexts();
  const upload = (text: string) =>
    page
      .getByLabel('Or upload a CSV file')
      .setInputFiles({ name: 'moves.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await upload('');
  await expect.poll(errors).toEqual(['The CSV is empty: add one row per old URL (old URL, new URL).']);
  await upload('\uFEFFOld URL,New URL\r\n\r\n');
  await expect
    .poll(errors)
    .toEqual(['The CSV has only a header line: add one row per old URL under it (old URL, new URL).']);
  await upload(
    `\uFEFFold,new\n${o}/old/page,/new/page\nftp://x.example/a,/b\n${o}/moved-to-missing,/missing\n${o}/only-old\n`,
  );
  const skipped = [
    '2 rows skipped (not checked):',
    'Line 3: the old URL "ftp://x.example/a" is not a valid http or https URL.',
    'Line 5: needs an old URL and a new URL.',
  ];
  const skippedShown = async () => [
    await page.locator('.migration-skipped > p').innerText(),
    ...(await page.locator('.migration-skipped li').allInnerTexts()),
  ];
  await expect.poll(skippedShown).toEqual(skipped);
  await expect.poll(() => page.locator('#redirects-csv').inputValue()).toContain('/moved-to-missing');
  await page.locator('#redirects-migration-agent').selectOption({ label: 'Googlebot smartphone only' });
  await page.getByRole('button', { name: 'Check migration' }).click();
  const rows = page.locator('.migration-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  expect(await page.locator('.migration-summary').innerText()).toBe('1 as expected · 1 not as expected');
  expect(await skippedShown()).toEqual(skipped);
  await page.locator('.migration-form').screenshot({ path: `${shots}/redirect-migration-phone-skipped.png` });
  expect(await rows.nth(0).locator('td').first().innerText()).toBe(`${o}/old/page`);
  expect(await rows.nth(1).locator('td').nth(3).innerText()).toBe('Not checked');
  expect(
    await page.getByText('Every row goes to its new URL in one permanent redirect: no rules needed.').count(),
  ).toBe(1);
  expect(await clippedContent(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/redirect-migration-phone.png`, fullPage: true });
  await page
    .locator('.redirect-checker .results')
    .screenshot({ path: `${shots}/redirect-migration-phone-results.png` });
  expect(problems, problems.join('\n')).toEqual([]);
});

/** A check cell's hops as shown: status and URL of each, in screen order, and whether each is on screen. */
function hopsShown(page: Page, row: number, column: number) {
  return page
    .locator('.migration-table tbody tr')
    .nth(row)
    .locator('td')
    .nth(column)
    .locator('.hop')
    .evaluateAll((hops) =>
      hops.map((hop) => {
        const box = hop.getBoundingClientRect();
        const shown = hop.checkVisibility() && box.width > 0 && box.right <= window.innerWidth;
        const url = hop.querySelector(':scope > .url-cell')?.textContent;
        return `${hop.querySelector('.http-status')?.textContent} ${url}${shown ? '' : ' (hidden)'}`;
      }),
    );
}

for (const [width, height, name] of [
  [1366, 900, 'desktop'],
  [390, 844, 'phone'],
] as const)
  test(`migration at ${width} px: each agent's chain is on screen, hop by hop (status and URL), the final answer last`, async () => {
    const { page, problems } = await openMigration(width, height);
    const o = hops();
    await page.locator('#redirects-csv').fill(`${o}/chain,${o}/final\n${o}/old/by-agent,${o}/new/page`);
    await page.getByRole('button', { name: 'Check migration' }).click();
    await expect.poll(() => page.locator('.migration-table tbody tr').count(), { timeout: 15_000 }).toBe(2);
    const chain = [`301 ${o}/chain`, `301 ${o}/chain-2`, `200 ${o}/final`];
    expect(await hopsShown(page, 0, 2)).toEqual(chain);
    expect(await hopsShown(page, 0, 3)).toEqual(chain);
    expect(await hopsShown(page, 1, 2)).toEqual([`301 ${o}/old/by-agent`, `200 ${o}/new/page`]);
    expect(await hopsShown(page, 1, 3)).toEqual([`302 ${o}/old/by-agent`, `200 ${o}/m/`]);
    expect(await clippedContent(page)).toEqual([]);
    await page.locator('.migration-table').screenshot({ path: `${shots}/redirect-migration-hops-${name}.png` });
    expect(problems, problems.join('\n')).toEqual([]);
  });

test('URL mode at 1366 px: each hop shows its kind, a named HTTP→HTTPS, Location, time and SEO headers', async () => {
  const { page, problems } = await openPage(browser, '/bulk-url-redirection-tool', { width: 1366, height: 900 });
  await waitForIslands(page);
  const o = hops();
  await page.locator('#redirects-urls').fill(`${o}/meta-refresh\n${o}/to-https-ip\n${o}/308`);
  await page.getByRole('button', { name: 'Process URLs' }).click();
  const rows = page.locator('.redirect-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
  const firstHop = (index: number) => rows.nth(index).locator('.hop').first().innerText();
  expect(await firstHop(0)).toMatch(
    new RegExp(
      `^200 Meta refresh \\(0 s, permanent\\) ${o}/meta-refresh\\n→ ${o}/final\\n\\d+ ms\\nX-Robots-Tag: noindex\\nCache-Control: max-age=60\\nServer: hops-fixture$`,
    ),
  );
  expect(await firstHop(1)).toContain('301 Permanent HTTP→HTTPS');
  // The browser journey's server allows only the plain side: the guarded fetcher refuses the next hop itself.
  expect(await rows.nth(1).locator('.row-error-text').innerText()).toContain('private or reserved network address');
  expect(await firstHop(2)).toContain(`Canonical: ${o}/canonical`);
  await page.locator('.redirect-checker .results').screenshot({ path: `${shots}/redirect-hops-desktop-results.png` });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('migration: a row a server could never match gets a note under Result instead of a dead rule', async () => {
  const { page, problems } = await openMigration(1366, 900);
  const o = hops();
  const host = new URL(o).host;
  await page.locator('#redirects-csv').fill(`${o}/old/temporary,/new/page\n${o}/old%2Fpage,/new/page`);
  await page.getByRole('button', { name: 'Check migration' }).click();
  const rows = page.locator('.migration-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  expect(await rows.nth(0).locator('.rule-note').count()).toBe(0);
  expect(await rows.nth(1).locator('.rule-note').allInnerTexts()).toEqual([
    'No Apache rule: Apache answers 404 to a path with an encoded slash (%2F) before any rule runs, unless the server sets AllowEncodedSlashes.',
  ]);
  expect(await page.locator('.rule-notes-count').innerText()).toBe(
    '1 row has a note about its rules under Result: a rule a server could never match is left out.',
  );
  expect((await download(page, 'Download Apache rules'))[1]).toBe(
    [
      `# ${host}: paste into the <VirtualHost> for ${host}, or its root .htaccess.`,
      'RewriteEngine On',
      `RewriteRule ^/?old/temporary$ ${o}/new/page [R=301,L,NE]`,
      '',
    ].join('\n'),
  );
  // nginx matches the raw request, so it can tell the encoded slash from a real one.
  expect((await download(page, 'Download nginx rules'))[1]).toContain(
    `if ($request_uri ~ "^/old%2Fpage(\\\\?|$)") { return 301 "${o}/new/page"; }`,
  );
  expect(problems, problems.join('\n')).toEqual([]);
});
