import { expect, inject, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { listArticleSubmissions } from '#db/article-submissions.ts';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

async function storedData() {
  const db = await openDatabase(databaseFile(inject('dataDir')));
  try {
    return { articles: await listArticleSubmissions(db) };
  } finally {
    await db.destroy();
  }
}

/** Problems other than the failures a test provokes on purpose. */
const unexpected = (problems: string[], provoked: RegExp) => problems.filter((line) => !provoked.test(line));

test('write for us: submitting state, success clears the fields, article stored as pending', async () => {
  const { page, problems } = await openPage(browser, '/write-for-us');
  await waitForIslands(page);
  expect(await page.getByLabel('Content').getAttribute('rows')).toBe('10');
  await page.getByLabel('Title').fill('Local SEO for Noida clinics');
  await page.getByLabel('Author Name').fill('Kabir Singh');
  await page.getByLabel('Email').fill('kabir@example.in');
  await page.getByLabel('Content').fill('What worked for three clinics in Sector 50.');
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/writeforus/submit', async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Article' }).click();
  const button = page.locator('form button[type=submit]');
  await expect.poll(() => button.innerText()).toBe('Submitting...');
  expect(await button.isDisabled()).toBe(true);
  release();
  await page.getByText('Article submitted successfully! We will review and get back to you.').waitFor();
  expect(await page.getByLabel('Title').inputValue()).toBe('');
  expect(await page.getByLabel('Author Name').inputValue()).toBe('');
  expect(await page.getByLabel('Email').inputValue()).toBe('');
  expect(await page.getByLabel('Content').inputValue()).toBe('');
  const stored = (await storedData()).articles.find((row) => row.title === 'Local SEO for Noida clinics');
  expect(stored).toMatchObject({ author: 'Kabir Singh', email: 'kabir@example.in', status: 'pending' });
  expect(problems).toEqual([]);
});

test('write for us: server error text in red, values kept, a new submit clears the old message', async () => {
  const { page, problems } = await openPage(browser, '/write-for-us');
  await waitForIslands(page);
  await page.route('**/api/writeforus/submit', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Title must be at most 200 characters' }),
    }),
  );
  await page.getByLabel('Title').fill('A title');
  await page.getByLabel('Author Name').fill('Kabir');
  await page.getByLabel('Email').fill('kabir@example.in');
  await page.getByLabel('Content').fill('Body');
  await page.getByRole('button', { name: 'Submit Article' }).click();
  const alert = page.getByRole('alert');
  expect(await alert.innerText()).toBe('Title must be at most 200 characters');
  expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
  expect(await page.getByLabel('Title').inputValue()).toBe('A title');

  await page.unroute('**/api/writeforus/submit');
  await page.route('**/api/writeforus/submit', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('button', { name: 'Submit Article' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Failed to submit article');

  await page.unroute('**/api/writeforus/submit');
  await page.route('**/api/writeforus/submit', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Submit Article' }).click();
  await expect.poll(() => page.getByRole('alert').innerText()).toBe('Failed to fetch');
  expect(unexpected(problems, /400|500|ERR_FAILED|Failed to fetch/)).toEqual([]);
});

test('sitemap viewer: loads the XML into a 600px box with a raw-file link; failures are explained', async () => {
  const { page, problems } = await openPage(browser, '/sitemap');
  await waitForIslands(page);
  const box = page.locator('.sitemap-box');
  await box.waitFor();
  expect(await box.innerText()).toContain('<urlset');
  expect(await box.innerText()).toContain('/seo-services-delhi</loc>');
  expect(await box.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('600px');
  const raw = page.getByRole('link', { name: 'Open the raw sitemap file' });
  expect(await raw.getAttribute('href')).toBe('/sitemap.xml');
  expect(await raw.getAttribute('target')).toBe('_blank');
  expect(problems).toEqual([]);

  const failing = await openPage(browser, '/sitemap');
  await failing.page.route('**/api/sitemap/file', (route) => route.fulfill({ status: 500, body: 'nope' }));
  await failing.page.reload();
  await failing.page.getByText('Error loading sitemap: Failed to fetch sitemap').waitFor();
});
