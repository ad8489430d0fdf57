import { expect, test } from 'vitest';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { createEmailSender, leadEmail } from './email.ts';
import type { QueuedEvent } from './delivery-types.ts';

function contactEvent(): QueuedEvent {
  const data = {
    id: 9,
    name: 'आशा वर्मा',
    email: 'asha@example.in',
    message: 'Line one\nLine two: we need local SEO for 3 branches.',
    ipHash: 'ab12',
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  const base = {
    id: '0b6f3c52-93f8-4f7d-8d1e-4f3e2b1a9c77',
    event: 'contact.created' as const,
    createdAt: data.createdAt,
    data,
  };
  return { ...base, body: JSON.stringify(base) };
}

test('one plain-text email per lead: every stored field, replies go to the sender, Message-ID from the event id', async () => {
  const smtp = await startSmtpFixture();
  const sender = createEmailSender({
    smtpUrl: smtp.url,
    to: ['owner@agency.test', 'sales@agency.test'],
    from: 'Leads <leads@agency.test>',
    siteUrl: 'https://seo.example.in',
  });
  try {
    const event = contactEvent();
    await sender.send(event);
    const { from, to, mail } = await smtp.nth(1);
    expect(from).toBe('leads@agency.test');
    expect(to).toEqual(['owner@agency.test', 'sales@agency.test']);
    expect(mail.subject).toBe('New contact message from आशा वर्मा');
    expect(mail.messageId).toBe(`<${event.id}@seo.example.in>`);
    expect(mail.headers.get('x-event-id')).toBe(event.id);
    expect(mail.replyTo?.value[0]?.address).toBe('asha@example.in');
    expect(mail.html).toBe(false);
    expect(mail.text).toBe(leadEmail(event, 'https://seo.example.in').text);
    expect(mail.text).toContain('Name: आशा वर्मा\n');
    expect(mail.text).toContain('Email: asha@example.in\n');
    expect(mail.text).toContain('Message:\nLine one\nLine two: we need local SEO for 3 branches.\n');
    expect(mail.text).toContain(`Event ${event.id} (contact.created) from https://seo.example.in`);
  } finally {
    sender.close?.();
    await smtp.close();
  }
});

test('a contact email lists phone and website when the visitor gave them, and has no empty lines for them otherwise', () => {
  const data = {
    id: 10,
    name: 'Meera',
    email: 'meera@example.in',
    phone: '+91 98100 12345',
    website: 'https://meera.example.in',
    message: 'Call me',
    ipHash: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  const base = { id: 'e2', event: 'contact.created' as const, createdAt: data.createdAt, data };
  const given = leadEmail({ ...base, body: JSON.stringify(base) }, 'https://seo.example.in');
  expect(given.text).toContain(
    'Name: Meera\nEmail: meera@example.in\nPhone: +91 98100 12345\nWebsite: https://meera.example.in\n',
  );
  const blank = { ...base, data: { ...data, phone: null, website: null } };
  const without = leadEmail({ ...blank, body: JSON.stringify(blank) }, 'https://seo.example.in');
  expect(without.text).toContain('Name: Meera\nEmail: meera@example.in\nSender address hash: \n');
  expect(without.text).not.toMatch(/Phone|Website/);
});

test('a contact sent from a site audit report links the report in the email', () => {
  const data = {
    id: 11,
    name: 'Ravi',
    email: 'ravi@example.in',
    phone: null,
    website: 'https://ravi.example.in/',
    message: 'Please help',
    ipHash: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    siteAudit: 'AbCdEfGhIjKlMnOpQrSt_-',
  };
  const base = { id: 'e3', event: 'contact.created' as const, createdAt: data.createdAt, data };
  const email = leadEmail({ ...base, body: JSON.stringify(base) }, 'https://seo.example.in/');
  expect(email.text).toContain('Site audit report: https://seo.example.in/site-audit/AbCdEfGhIjKlMnOpQrSt_-\n');
  const plain = { ...base, data: { ...data, siteAudit: null } };
  expect(leadEmail({ ...plain, body: JSON.stringify(plain) }, 'https://seo.example.in').text).not.toMatch(/Site audit/);
});

test("an article email carries title, author, the author's email and the whole article", () => {
  const data = {
    id: 4,
    title: 'Core update recovery',
    author: 'Rohan',
    email: 'rohan@example.in',
    content: 'Para 1\n\nPara 2',
    status: 'pending',
    ipHash: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
  };
  const base = { id: 'e1', event: 'article.created' as const, createdAt: data.createdAt, data };
  const email = leadEmail({ ...base, body: JSON.stringify(base) }, 'https://seo.example.in');
  expect(email.subject).toBe('New article submission: Core update recovery');
  expect(email.replyTo).toBe('rohan@example.in');
  expect(email.text).toContain('Title: Core update recovery\nAuthor: Rohan\nEmail: rohan@example.in\n');
  expect(email.text).toContain('Article:\nPara 1\n\nPara 2\n');
});

test('a refused login, a refused message or a server that is down is a delivery failure', async () => {
  const smtp = await startSmtpFixture({ password: 'right' });
  const rejecting = await startSmtpFixture({ reject: true });
  try {
    const wrong = createEmailSender({
      smtpUrl: smtp.url.replace('right', 'wrong'),
      to: ['o@agency.test'],
      from: 'l@agency.test',
      siteUrl: 'https://seo.example.in',
    });
    await expect(wrong.send(contactEvent())).rejects.toThrow(/^email: .*Invalid (login|username or password)/);
    const refused = createEmailSender({
      smtpUrl: rejecting.url,
      to: ['o@agency.test'],
      from: 'l@agency.test',
      siteUrl: 'https://seo.example.in',
    });
    await expect(refused.send(contactEvent())).rejects.toThrow(/^email: .*Mailbox unavailable/);
  } finally {
    await smtp.close();
    await rejecting.close();
  }
  const down = createEmailSender({
    smtpUrl: smtp.url,
    to: ['o@agency.test'],
    from: 'l@agency.test',
    siteUrl: 'https://seo.example.in',
  });
  await expect(down.send(contactEvent())).rejects.toThrow(/^email: .*ECONNREFUSED/);
  expect(smtp.received).toHaveLength(0);
});
