import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { databaseFile, openDatabase } from '#db/index.ts';
import { listContactMessages } from '#db/contact-messages.ts';
import { formatInr, SEO_PACKAGES } from '#views/model/plans.ts';
import { clippedContent, fileBrowser, holdRequests, openPage, waitForIslands } from './browser.ts';

// The suite's server runs on test/fixtures/profiles/operator.json: these are its phone, WhatsApp and hours.
const PHONE = '+91 98765 43210';
const WHATSAPP_LINK = 'https://wa.me/919876543211';
const SUCCESS = 'Thank you for contacting us! We will get back to you soon.';

const browser = fileBrowser();

async function storedContacts() {
  const db = await openDatabase(databaseFile(inject('dataDir')));
  try {
    return await listContactMessages(db);
  } finally {
    await db.destroy();
  }
}

/** Problems other than the failures a test provokes on purpose. */
const unexpected = (problems: string[], provoked: RegExp) => problems.filter((line) => !provoked.test(line));

async function fillForm(page: Page, fields: { email: string; phone?: string; website?: string; message?: string }) {
  await page.getByLabel('Name', { exact: true }).fill('Priya Sharma');
  await page.getByLabel('Email', { exact: true }).fill(fields.email);
  if (fields.phone) await page.getByLabel('Phone (optional)').fill(fields.phone);
  if (fields.website) await page.getByLabel('Website (optional)').fill(fields.website);
  await page
    .getByLabel('Message', { exact: true })
    .fill(fields.message ?? 'We run a dental clinic in Janakpuri and want more calls.');
}

test('contact: send with phone and website; a confirmation replaces the form, repeats the email, says what happens next; "Send another message" brings an empty form', async () => {
  const { page, problems } = await openPage(browser, '/contact-me');
  await waitForIslands(page);
  const phone = page.getByLabel('Phone (optional)');
  expect([await phone.getAttribute('type'), await phone.getAttribute('autocomplete')]).toEqual(['tel', 'tel']);
  const website = page.getByLabel('Website (optional)');
  expect([
    await website.getAttribute('type'),
    await website.getAttribute('inputmode'),
    await website.getAttribute('autocomplete'),
  ]).toEqual(['text', 'url', 'url']);
  await fillForm(page, {
    email: 'priya.sharma+clinic@example.in',
    phone: '+91 98100 12345',
    website: 'janakpuri-dental.example.in',
  });

  const release = await holdRequests(page, '**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => page.locator('form button[type=submit]').innerText()).toBe('Sending...');
  release();

  const confirmation = page.getByRole('status');
  await confirmation.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Message sent');
  const text = await confirmation.innerText();
  expect(text).toContain(SUCCESS);
  expect(text).toContain('We will reply to priya.sharma+clinic@example.in');
  expect(text).toContain('A person on our team reads every message and replies by email.');
  expect(text).toContain('You left a phone number (+91 98100 12345), so we may call you instead.');
  expect(text).toContain('Our office hours: Monday to Saturday, 10 AM to 7 PM IST.');
  expect(await confirmation.getByRole('link', { name: PHONE }).getAttribute('href')).toBe('tel:+919876543210');
  expect(await page.locator('[data-island] form').count()).toBe(0);
  expect(await page.getByLabel('Message', { exact: true }).count()).toBe(0);

  const stored = (await storedContacts()).find((row) => row.email === 'priya.sharma+clinic@example.in');
  expect(stored).toMatchObject({
    name: 'Priya Sharma',
    phone: '+91 98100 12345',
    website: 'https://janakpuri-dental.example.in',
  });

  await page.getByRole('button', { name: 'Send another message' }).click();
  expect(await page.getByRole('status').count()).toBe(0);
  for (const label of ['Name', 'Email', 'Phone (optional)', 'Website (optional)', 'Message']) {
    expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
  }
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
  expect(problems).toEqual([]);
});

test('packages: "Ask about Growth" carries the package into the contact form, and the lead keeps it', async () => {
  const { page, problems } = await openPage(browser, '/seo-packages');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Ask about Growth' }).click();
  await page.waitForURL((url) => url.pathname === '/contact-me' && url.searchParams.get('plan') === 'growth');
  await waitForIslands(page);
  const message = page.getByLabel('Message', { exact: true });
  const growth = SEO_PACKAGES.find((plan) => plan.id === 'growth')!;
  const expected = `I would like to know more about the Growth package (${formatInr(growth.monthlyInr)} per month + GST).`;
  await expect.poll(() => message.inputValue()).toBe(expected);
  expect(await page.locator('.contact-from-audit').innerText()).toMatch(/^You are asking about the Growth package/);
  await page.getByLabel('Name', { exact: true }).fill('Rohit Mehra');
  await page.getByLabel('Email', { exact: true }).fill('rohit.growth@example.in');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').waitFor();
  const stored = (await storedContacts()).find((lead) => lead.email === 'rohit.growth@example.in');
  expect(stored?.message).toBe(expected);
  // The lead keeps where it came from: the packages page, then the form with the plan (decision 0047).
  expect([stored?.sourcePage, stored?.formPage]).toEqual(['/seo-packages', '/contact-me?plan=growth']);
  expect(problems).toEqual([]);
});

test('contact: a field the server refuses is named and the form keeps everything typed', async () => {
  const { page, problems } = await openPage(browser, '/contact-me');
  await waitForIslands(page);
  // The real API: validation comes before the per-IP quota, so this spends none of it.
  await fillForm(page, {
    email: 'priya@example.in',
    phone: '+91 98100 12345',
    website: 'ftp://files.example.in',
    message: 'Hello',
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Website must start with http:// or https://');
  expect(await page.getByLabel('Website (optional)').inputValue()).toBe('ftp://files.example.in');
  expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('+91 98100 12345');
  expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Hello');
  expect(await page.getByRole('status').count()).toBe(0);
  expect(unexpected(problems, /400/)).toEqual([]);
});

test('contact: a server failure shows the failure message and keeps the text', async () => {
  const { page, problems } = await openPage(browser, '/contact-me');
  await waitForIslands(page);
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }),
  );
  await fillForm(page, { email: 'priya@example.in', message: 'Hello' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByRole('alert').innerText()).toBe('Failed to send message. Please try again later.');
  expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Hello');
  expect(unexpected(problems, /500/)).toEqual([]);
});

test('contact: call and WhatsApp buttons come from the profile and work without JavaScript', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/contact-me', inject('baseUrl')).href);
    const call = page.locator('.page-hero').getByRole('link', { name: `Call ${PHONE}` });
    expect([await call.getAttribute('href'), await call.getAttribute('class')]).toEqual([
      'tel:+919876543210',
      'button',
    ]);
    const whatsapp = page.locator('.page-hero').getByRole('link', { name: 'Chat on WhatsApp' });
    expect(await whatsapp.getAttribute('href')).toBe(WHATSAPP_LINK);
    expect(await page.locator('.contact-details address').innerText()).toContain('Vatika Business Park');
  } finally {
    await context.close();
  }
});

test('contact at 390 px: nothing scrolls sideways or is clipped, before or after sending; the buttons are thumb-sized', async () => {
  const { page, problems } = await openPage(browser, '/contact-me', { width: 390, height: 844 });
  await waitForIslands(page);
  expect(await clippedContent(page)).toEqual([]);
  for (const name of [`Call ${PHONE}`, 'Chat on WhatsApp']) {
    const box = (await page.locator('.page-hero').getByRole('link', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  // The layout after sending, without spending the suite's per-IP contact quota: the answer is the API's 201.
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":1}' }),
  );
  await fillForm(page, {
    email: 'a.very.long.address.for.testing+contact-form@clinic-in-janakpuri.example.in',
    phone: '+91 (11) 4567-8901',
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('status').waitFor();
  expect(await clippedContent(page)).toEqual([]);
  expect(problems).toEqual([]);
});
