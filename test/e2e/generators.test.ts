import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { fileBrowser, openPage, waitForIslands } from './browser.ts';

const browser = fileBrowser();

async function open(path: string) {
  const opened = await openPage(browser, path);
  await waitForIslands(opened.page);
  return opened;
}

const errorText = (page: Page) => page.locator('.tool-card .error').innerText();

test('backlink generator: invalid domain message, then 57 links for an IDN URL, copy and CSV', async () => {
  const { page, problems } = await open('/backlink-generator-tool');
  await page.getByRole('button', { name: 'Generate Backlinks' }).click();
  expect(await errorText(page)).toBe('Please enter a domain or URL.');
  await page.fill('#backlink-domain', 'localhost');
  await page.getByRole('button', { name: 'Generate Backlinks' }).click();
  expect(await errorText(page)).toBe(
    'Please enter a valid domain such as example.com or a URL such as https://example.com/page.',
  );

  await page.fill('#backlink-domain', 'https://www.münchen.de:8443/shop');
  await page.getByRole('button', { name: 'Generate Backlinks' }).click();
  const rows = page.locator('.backlink-table tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(40);
  expect(await page.locator('.result-summary').innerText()).toContain('xn--mnchen-3ya.de');
  expect(await rows.first().locator('a').getAttribute('href')).toBe('https://www.whois.com/whois/xn--mnchen-3ya.de');
  expect(await rows.first().locator('a').getAttribute('target')).toBe('_blank');

  // The label changes to Copied!, so the locator must match both labels.
  const copy = page.locator('button', { hasText: /^(Copy all URLs|Copied!)$/ });
  await copy.click();
  await expect.poll(() => copy.innerText()).toBe('Copied!');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('backlinks-xn--mnchen-3ya.de.csv');
  expect(await page.getByRole('button', { name: /^Open batch 1 of 6/ }).count()).toBe(1);
  expect(problems).toEqual([]);
});

test('about-us generator: button disabled until both fields are filled; the page says only what was typed, with escaped HTML', async () => {
  const { page, problems } = await open('/about-us-page-generator');
  const button = page.getByRole('button', { name: 'Generate About Us Page' });
  expect(await button.isDisabled()).toBe(true);
  await page.fill('#about-company', 'Acme <Digital>');
  expect(await button.isDisabled()).toBe(true);
  await page.fill('#about-description', 'We help shops in Delhi NCR get found on Google.');
  await page.fill('#about-year', '20x5');
  await button.click();
  expect(await errorText(page)).toBe('Founding year must be a year between 1800 and 2100.');

  await page.fill('#about-year', '');
  await button.click();
  const preview = page.locator('.about-preview');
  await preview.waitFor();
  expect(await page.inputValue('#about-text')).toBe(
    'About Acme <Digital>\n\nWelcome to Acme <Digital>. We help shops in Delhi NCR get found on Google.\n\nGet in Touch\n\nGet in touch with Acme <Digital> to learn more.\n',
  );
  expect(await page.locator('.about-note').innerText()).toBe(
    'The page says only what you typed. Add your founding year or story, products or services, customers, values, reasons to choose you and contact details for a fuller page.',
  );

  await page.fill('#about-year', '2015');
  await page.fill('#about-offerings', 'Local SEO\nWebsite audits');
  await page.fill('#about-values', 'Honesty, Speed');
  await page.fill('#about-reasons', 'Monthly reports in plain English');
  await page.fill('#about-contact', 'hello@acme.example');
  await button.click();
  await expect
    .poll(() => preview.locator('h3').allInnerTexts())
    .toEqual(['Our Story', 'What We Offer', 'Our Values', 'Why Choose Acme <Digital>', 'Get in Touch']);
  expect(await preview.locator('h2').innerText()).toBe('About Acme <Digital>');
  const text = await page.inputValue('#about-text');
  expect(text).toContain('Acme <Digital> was founded in 2015.');
  expect(text).toContain('You can reach Acme <Digital> at hello@acme.example.');
  expect(text).not.toContain('many of our customers');
  expect(await page.inputValue('#about-html')).toContain('<h1>About Acme &#60;Digital&#62;</h1>');
  expect(await page.locator('.about-result .result-summary').innerText()).toMatch(/^\d+ words, 6 sections$/);
  expect(await page.locator('.about-note').innerText()).toBe(
    'The page says only what you typed. Add your customers for a fuller page.',
  );
  expect(problems).toEqual([]);
});

test('WhatsApp link: Phone number is required, digits kept, text only with a message, QR code drawn', async () => {
  const { page, problems } = await open('/whatsapp-chat-link');
  const generate = page.getByRole('button', { name: 'Generate Link' });
  await generate.click();
  expect(await errorText(page)).toBe('Phone number is required');

  await page.fill('#whatsapp-phone', '+91 98765-43210');
  await generate.click();
  expect(await page.inputValue('#whatsapp-link')).toBe('https://wa.me/919876543210');

  await page.fill('#whatsapp-message', 'Hi! Is 50% off?');
  await generate.click();
  expect(await page.inputValue('#whatsapp-link')).toBe('https://wa.me/919876543210?text=Hi!%20Is%2050%25%20off%3F');
  expect(await page.getByRole('link', { name: 'Open in WhatsApp' }).getAttribute('href')).toBe(
    'https://wa.me/919876543210?text=Hi!%20Is%2050%25%20off%3F',
  );
  const qr = page.locator('img.qr-code');
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(true);

  await page.fill('#whatsapp-phone', '12');
  await generate.click();
  expect(await errorText(page)).toBe(
    'Enter the full number with country code: 7 to 15 digits, for example +91 98765 43210.',
  );
  expect(await page.locator('#whatsapp-link').count()).toBe(0);
  expect(problems).toEqual([]);
});

test('URL domain extractor: Input URLs are required, Invalid URL per line, unique only, Error extracting domains', async () => {
  const { page, problems } = await open('/url-domain-extractor');
  const extract = page.getByRole('button', { name: 'Extract Domains' });
  await extract.click();
  expect(await errorText(page)).toBe('Input URLs are required');

  await page.fill(
    '#extractor-input',
    'https://www.example.com/a\nnot a url\n\nhttp://shop.example.in:8080/x\nhttps://www.example.com/b',
  );
  await extract.click();
  expect(await page.locator('.domain-list li').allInnerTexts()).toEqual([
    'www.example.com',
    'not a url Invalid URL',
    'shop.example.in',
    'www.example.com',
  ]);
  expect(await page.locator('.domain-list .error-inline').evaluate((el) => getComputedStyle(el).color)).toBe(
    'rgb(185, 28, 28)',
  );

  await page.getByLabel('Unique domains only').check();
  await extract.click();
  expect(await page.locator('.domain-list li').allInnerTexts()).toEqual([
    'www.example.com',
    'not a url Invalid URL',
    'shop.example.in',
  ]);

  // Typing 120 KB through fill() is very slow; set the value the way a paste does.
  await page.locator('#extractor-input').evaluate(
    (el, value) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    Array.from({ length: 5001 }, (_, i) => `https://s${i}.example.com`).join('\n'),
  );
  await extract.click();
  expect(await errorText(page)).toBe('Error extracting domains: paste at most 5,000 URLs at a time.');
  expect(problems).toEqual([]);
});

test('URL domain extractor: Root domain output loads the suffix list only when chosen and gives registrable domains', async () => {
  const { page, problems } = await open('/url-domain-extractor');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  expect(await page.getByLabel('Hostname').isChecked()).toBe(true);
  await page.fill('#extractor-input', 'https://a.b.example.co.uk/x\nshop.example.com.au\nhttp://127.0.0.1:8080/');
  const extract = page.getByRole('button', { name: 'Extract Domains' });
  await extract.click();
  expect(await page.locator('.domain-list li').allInnerTexts()).toEqual([
    'a.b.example.co.uk',
    'shop.example.com.au',
    '127.0.0.1',
  ]);
  expect(scripts).toEqual([]);

  await page.getByLabel('Root domain').check();
  await extract.click();
  await expect
    .poll(() => page.locator('.domain-list li').allInnerTexts())
    .toEqual(['example.co.uk', 'example.com.au', '127.0.0.1']);
  expect(scripts.some((path) => /\/chunks\/root-domain-[\w-]+\.js$/.test(path))).toBe(true);
  expect(problems).toEqual([]);
});

test('canonical tag generator: URL is required, invalid URL message, escaped tag and copy', async () => {
  const { page, problems } = await open('/canonical-tag-generator');
  const generate = page.getByRole('button', { name: 'Generate Canonical Tag' });
  await generate.click();
  expect(await errorText(page)).toBe('URL is required');
  await page.fill('#canonical-url', 'not a url');
  await generate.click();
  expect(await errorText(page)).toBe(
    'Please enter a valid URL starting with http:// or https://, for example https://example.com/page.',
  );

  await page.fill('#canonical-url', 'https://example.com/search?q="a"&b=<c>#top');
  await generate.click();
  expect(await page.inputValue('#canonical-tag')).toBe(
    '<link rel="canonical" href="https://example.com/search?q=%22a%22&amp;b=%3Cc%3E">',
  );
  expect(await page.locator('.notes li').allInnerTexts()).toEqual([
    'The #fragment was removed: search engines ignore it in canonical URLs.',
  ]);
  const copy = page.locator('button', { hasText: /^(Copy tag|Copied!)$/ });
  await copy.click();
  await expect.poll(() => copy.innerText()).toBe('Copied!');
  await expect.poll(() => copy.innerText(), { timeout: 3000 }).toBe('Copy tag');
  expect(problems).toEqual([]);
});
