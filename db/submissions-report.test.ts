import { expect, test } from 'vitest';
import { openDatabase } from '#db/index.ts';
import { insertArticleSubmission } from '#db/article-submissions.ts';
import { insertContactMessage } from '#db/contact-messages.ts';
import { submissionsJson, submissionsTable } from '#db/submissions-report.ts';

function seededDb() {
  const db = openDatabase(':memory:');
  insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'First line\nsecond line' });
  insertContactMessage(db, { name: 'Vikram', email: 'vikram@example.in', message: 'x'.repeat(200) });
  insertArticleSubmission(db, { title: 'Local SEO in Noida', author: 'Rohan', content: 'abcdef' });
  return db;
}

test('the table lists newest first, flattens newlines and shortens long text', () => {
  const out = submissionsTable(seededDb());
  expect(out).toContain('Contact messages (2), newest first');
  expect(out.indexOf('Vikram')).toBeLessThan(out.indexOf('Asha'));
  expect(out).toContain('First line second line');
  expect(out).toContain(`${'x'.repeat(59)}…`);
  expect(out).not.toContain('x'.repeat(61));
  expect(out).toMatch(/Article submissions \(1\), newest first\nID +RECEIVED \(UTC\) +STATUS +AUTHOR +TITLE +CHARS/);
  expect(out).toMatch(/pending +Rohan +Local SEO in Noida +6/);
});

test('the table says so when nothing has been submitted', () => {
  const out = submissionsTable(openDatabase(':memory:'));
  expect(out).toContain('No contact messages yet.');
  expect(out).toContain('No article submissions yet.');
});

test('the JSON report has every stored field', () => {
  const report = submissionsJson(seededDb());
  expect(Object.keys(report.contact[0]).sort()).toEqual(['createdAt', 'email', 'id', 'ipHash', 'message', 'name']);
  expect(Object.keys(report.articles[0]).sort()).toEqual(
    ['author', 'content', 'createdAt', 'id', 'ipHash', 'status', 'title', 'updatedAt'],
  );
  expect(report.contact[1].message).toBe('First line\nsecond line');
});

test('control characters a visitor typed never reach the terminal', () => {
  const db = openDatabase(':memory:');
  insertContactMessage(db, { name: '\u001b[2JEvil', email: 'e@x.in', message: 'bell\u0007 and \u009b csi' });
  const out = submissionsTable(db);
  // eslint-disable-next-line no-control-regex -- matching control characters is the point (stripping what text or XML cannot carry)
  expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  expect(out).toContain('?[2JEvil');
});
