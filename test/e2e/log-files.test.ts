import { mkdirSync } from 'node:fs';
import { expect, inject, test } from 'vitest';
import { plantedCombinedLog } from '#test/fixtures/access-logs.ts';
import { axeViolations, clippedContent, fileBrowser, openPage, unexpectedProblems, waitForIslands } from './browser.ts';

const browser = fileBrowser();
mkdirSync('test-results/screenshots', { recursive: true });

const logFile = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

test('log file analyser at 1366 px: upload with progress, results at their own address, charts, tables, filters', async () => {
  const { page, problems } = await openPage(browser, '/log-file-analyser', { width: 1366 });
  await waitForIslands(page);
  await page.getByLabel('Access log files (plain or .gz)').setInputFiles(logFile('access.log', plantedCombinedLog()));
  await page.getByRole('button', { name: 'Analyse log' }).click();
  await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
  expect(page.url()).toMatch(/\/log-file-analyser\/[A-Za-z0-9_-]{22}$/);

  expect(await page.locator('.log-figures').textContent()).toContain('18 lines (combined)');
  const bots = page.getByRole('table', { name: 'Hits by bot' });
  expect(await bots.getByRole('row', { name: /^Googlebot Smartphone 5 0 / }).count()).toBe(1);
  expect(await bots.getByRole('row', { name: /^Googlebot Desktop 0 3 Some hits came from addresses/ }).count()).toBe(1);
  expect(await page.getByRole('img', { name: /Bot hits per day/ }).count()).toBe(1);
  expect(await page.getByRole('img', { name: /^Status mix of all 16 hits: Success \(2xx\) 69%/ }).count()).toBe(1);
  await page.getByText('Hits per day as a table').click();
  expect(
    await page
      .getByRole('table', { name: 'Bot hits per day' })
      .getByRole('row', { name: /^2026-11-01 / })
      .textContent(),
  ).toContain('3');

  const urls = page.locator('.log-section', { has: page.getByRole('heading', { name: 'URLs bots fetched' }) });
  // Verified hits of every bot: /, /a?utm=1 and /blog (the spoofed Googlebot's /old and /missing are not).
  await expect.poll(() => urls.getByRole('row').count()).toBe(4);
  expect(await urls.getByRole('row', { name: /^\/ 3 200 × 2, 304 × 1/ }).count()).toBe(1);
  await urls.getByLabel('Bot').selectOption('googlebot-desktop');
  await urls.getByLabel('Hits').selectOption('false');
  await expect.poll(() => urls.getByRole('row', { name: /^\/old 1 301 × 1/ }).count()).toBe(1);
  expect(await urls.getByRole('row').count()).toBe(4);
  expect(await urls.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
    /\/urls\.csv\?bot=googlebot-desktop&verified=false$/,
  );
  const spend = page.getByRole('table', { name: 'Where each bot’s crawl went' });
  expect(await spend.getByRole('row', { name: /^Bingbot 2 1 2 \(100%\) 0 \(0%\) 1 \(50%\)/ }).count()).toBe(1);

  await page.screenshot({ path: 'test-results/screenshots/log-files-1366.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  expect(await clippedContent(page)).toEqual([]);

  // The address works on its own: a reload shows the same results.
  await page.reload();
  await page.getByRole('heading', { name: 'Results' }).waitFor();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  expect(problems).toEqual([]);
});

test('log file analyser at 390 px: the results fit a phone', async () => {
  const form = new FormData();
  form.append('file', new Blob([plantedCombinedLog()]), 'access.log');
  const answer = await fetch(`${inject('baseUrl')}/api/log-files`, { method: 'POST', body: form });
  expect(answer.status).toBe(202);
  const { id } = (await answer.json()) as { id: string };
  const { page, problems } = await openPage(browser, `/log-file-analyser/${id}`, {
    width: 390,
    height: 844,
    touch: true,
  });
  await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 60_000 });
  await expect.poll(() => page.getByRole('img', { name: /Bot hits per day/ }).count()).toBe(1);
  await page.screenshot({ path: 'test-results/screenshots/log-files-390.png', fullPage: true });
  expect(await clippedContent(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('log file analyser: a file that is no access log is refused, saying why', async () => {
  const { page, problems } = await openPage(browser, '/log-file-analyser');
  await waitForIslands(page);
  await page
    .getByLabel('Access log files (plain or .gz)')
    .setInputFiles(logFile('notes.txt', 'Dear diary,\nnothing happened today.\n'));
  await page.getByRole('button', { name: 'Analyse log' }).click();
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe(
      'notes.txt is not an access log: none of its first lines is in a format the analyser reads (nginx or Apache combined or common, JSON lines, W3C extended).',
    );
  expect(unexpectedProblems(problems)).toEqual([]);
});

for (const width of [1366, 390]) {
  test(`log file analyser at ${width} px: the visitor's own finished site audit is offered to compare with`, async () => {
    const { page, problems } = await openPage(browser, '/log-file-analyser', {
      width,
      ...(width === 390 && { height: 844, touch: true }),
    });
    // The visitor's earlier audit, started through the API by this browser (its visitor cookie). Not the
    // site audit journey's site: that one counts its audits to change between them.
    const site = inject('fixtures')['sitemap-options-site']!;
    const started = await page.request.post(`${inject('baseUrl')}/api/site-audits`, { data: { url: `${site}/` } });
    const { id } = (await started.json()) as { id: string };
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${inject('baseUrl')}/api/site-audits/${id}`)).json()) as { status: string })
            .status,
        { timeout: 60_000 },
      )
      .toBe('done');
    await page.reload();
    await waitForIslands(page);
    const choice = page.getByLabel('Site audit to compare with (optional)');
    const host = new URL(site).host;
    await expect
      .poll(() => choice.locator('option').allTextContents())
      .toEqual([
        'None',
        expect.stringMatching(
          new RegExp(`^${host.replace(/\./g, '\\.')} · \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{1,2}:\\d{2} [ap]m IST$`),
        ),
        'Another audit: paste its report link',
      ]);
    // The paste field comes back with its own choice.
    await choice.selectOption('paste');
    expect(await page.getByLabel('Report link of a finished site audit').count()).toBe(1);
    await choice.selectOption(id);
    expect(await page.getByLabel('Report link of a finished site audit').count()).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/log-files-audit-choice-${width}.png`, fullPage: true });
    expect(await clippedContent(page)).toEqual([]);
    if (width === 1366) expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Access log files (plain or .gz)').setInputFiles(logFile('access.log', plantedCombinedLog()));
    await page.getByRole('button', { name: 'Analyse log' }).click();
    await page.getByRole('heading', { name: `Against the site audit of ${site}/` }).waitFor({ timeout: 60_000 });
    expect(problems).toEqual([]);
  });
}
