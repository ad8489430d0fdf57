import { expect, test } from 'vitest';
import { leadEmail } from './email.ts';
import type { LeadEvent } from './events.ts';

function contactEvent(): LeadEvent {
  const data = {
    id: 9,
    name: 'आशा वर्मा',
    email: 'asha@example.in',
    message: 'Line one\nLine two: we need local SEO for 3 branches.',
    ipHash: 'ab12',
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  return { id: '0b6f3c52-93f8-4f7d-8d1e-4f3e2b1a9c77', event: 'contact.created', createdAt: data.createdAt, data };
}

test('one plain-text email per lead: every stored field, and replies go to the sender', () => {
  const event = contactEvent();
  const mail = leadEmail(event, 'https://seo.example.in');
  expect(mail.subject).toBe('New contact message from आशा वर्मा');
  expect(mail.replyTo).toBe('asha@example.in');
  expect(mail.html).toBeUndefined();
  expect(mail.text).toContain('Name: आशा वर्मा\n');
  expect(mail.text).toContain('Email: asha@example.in\n');
  expect(mail.text).toContain('Message:\nLine one\nLine two: we need local SEO for 3 branches.\n');
  expect(mail.text).toContain(`Event ${event.id} (contact.created) from https://seo.example.in`);
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
  const given = leadEmail(base, 'https://seo.example.in');
  expect(given.text).toContain(
    'Name: Meera\nEmail: meera@example.in\nPhone: +91 98100 12345\nWebsite: https://meera.example.in\n',
  );
  const blank = { ...base, data: { ...data, phone: null, website: null } };
  const without = leadEmail(blank, 'https://seo.example.in');
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
  const email = leadEmail(base, 'https://seo.example.in/');
  expect(email.text).toContain('Site audit report: https://seo.example.in/site-audit/AbCdEfGhIjKlMnOpQrSt_-\n');
  const plain = { ...base, data: { ...data, siteAudit: null } };
  expect(leadEmail(plain, 'https://seo.example.in').text).not.toMatch(/Site audit/);
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
  const email = leadEmail(base, 'https://seo.example.in');
  expect(email.subject).toBe('New article submission: Core update recovery');
  expect(email.replyTo).toBe('rohan@example.in');
  expect(email.text).toContain('Title: Core update recovery\nAuthor: Rohan\nEmail: rohan@example.in\n');
  expect(email.text).toContain('Article:\nPara 1\n\nPara 2\n');
});
