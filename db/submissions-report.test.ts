import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertArticleSubmission, listArticleSubmissions } from '#db/article-submissions.ts';
import { insertContactMessage, listContactMessages } from '#db/contact-messages.ts';
import { submissionsJson as jsonChunks, submissionsTable as tableChunks } from '#db/submissions-report.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

const submissionsTable = (db: Db) => collect(tableChunks(db));
const submissionsJson = async (db: Db) =>
  JSON.parse(await collect(jsonChunks(db))) as {
    contact: Array<Record<string, unknown>>;
    articles: Array<Record<string, unknown>>;
  };

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await closeTestDatabase(db);
  });

  async function seed() {
    await insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'First line\nsecond line' });
    await insertContactMessage(db, { name: 'Vikram', email: 'vikram@example.in', message: 'x'.repeat(200) });
    await insertArticleSubmission(db, {
      title: 'Local SEO in Noida',
      author: 'Rohan',
      email: 'rohan@example.in',
      content: 'abcdef',
    });
    return db;
  }

  test('the table lists newest first, flattens newlines and shortens long text', async () => {
    const out = await submissionsTable(await seed());
    expect(out).toContain('Contact messages (2), newest first');
    expect(out.indexOf('Vikram')).toBeLessThan(out.indexOf('Asha'));
    expect(out).toContain('First line second line');
    expect(out).toContain(`${'x'.repeat(59)}…`);
    expect(out).not.toContain('x'.repeat(61));
    expect(out).toMatch(
      /Article submissions \(1\), newest first\nID +RECEIVED \(UTC\) +STATUS +AUTHOR +EMAIL +TITLE +CHARS/,
    );
    expect(out).toMatch(/pending +Rohan +rohan@example.in +Local SEO in Noida +6/);
  });

  test('phone and website columns appear only when some message has them, with the values', async () => {
    const without = await submissionsTable(await seed());
    expect(without).toMatch(/^ID +RECEIVED \(UTC\) +NAME +EMAIL +MESSAGE$/m);
    expect(without).not.toContain('PHONE');
    await insertContactMessage(db, {
      name: 'Meera',
      email: 'meera@example.in',
      phone: '+91 98100 12345',
      message: 'Call me',
    });
    await insertContactMessage(db, {
      name: 'Kabir',
      email: 'kabir@example.in',
      website: 'https://kabir.example.in',
      message: 'My site',
    });
    const out = await submissionsTable(db);
    expect(out).toMatch(/^ID +RECEIVED \(UTC\) +NAME +EMAIL +PHONE +WEBSITE +MESSAGE$/m);
    expect(out).toMatch(/ Meera +meera@example\.in +\+91 98100 12345 +Call me$/m);
    expect(out).toMatch(/ Kabir +kabir@example\.in +https:\/\/kabir\.example\.in +My site$/m);
    expect(out).toMatch(/ Asha +asha@example\.in +First line second line$/m);
    const json = await submissionsJson(db);
    expect(json.contact.slice(0, 2).map(({ name, phone, website }) => ({ name, phone, website }))).toEqual([
      { name: 'Kabir', phone: null, website: 'https://kabir.example.in' },
      { name: 'Meera', phone: '+91 98100 12345', website: null },
    ]);
  });

  test('the table says so when nothing has been submitted', async () => {
    const out = await submissionsTable(db);
    expect(out).toContain('No contact messages yet.');
    expect(out).toContain('No article submissions yet.');
  });

  test('the JSON report has every stored field', async () => {
    const report = await submissionsJson(await seed());
    expect(Object.keys(report.contact[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'formPage',
      'id',
      'ipHash',
      'message',
      'name',
      'phone',
      'siteAudit',
      'sourcePage',
      'website',
    ]);
    expect(report.contact[0]).toMatchObject({
      phone: null,
      website: null,
      siteAudit: null,
      formPage: null,
      sourcePage: null,
    });
    expect(Object.keys(report.articles[0]!).sort()).toEqual([
      'author',
      'content',
      'createdAt',
      'email',
      'formPage',
      'id',
      'ipHash',
      'sourcePage',
      'status',
      'title',
      'updatedAt',
    ]);
    expect(report.contact[1]!.message).toBe('First line\nsecond line');
  });

  test('control characters a visitor typed never reach the terminal', async () => {
    await insertContactMessage(db, { name: '\u001b[2JEvil', email: 'e@x.in', message: 'bell\u0007 and \u009b csi' });
    const out = await submissionsTable(db);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point (stripping what text or XML cannot carry)
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(out).toContain('?[2JEvil');
  });

  test('every row is printed, with the total, well past a thousand; the JSON is exactly JSON.stringify of all rows', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 2345; i += 1)
        await insertContactMessage(trx, { name: `Lead ${i}`, email: `lead${i}@example.in`, message: `Message ${i}` });
      await insertArticleSubmission(trx, {
        title: 'Only one',
        author: 'Rohan',
        email: 'rohan@example.in',
        content: 'Text',
      });
    });
    const out = await submissionsTable(db);
    expect(out).toContain('Contact messages (2345), newest first');
    const rows = out.split('\n').filter((line) => /^\d+ /.test(line));
    expect(rows).toHaveLength(2345 + 1);
    expect(rows[0]).toMatch(/^2345 .* Lead 2345 /);
    expect(rows[2344]).toMatch(/^1 +\S+ +Lead 1 /);
    const json = await collect(jsonChunks(db));
    expect(json).toBe(
      `${JSON.stringify({ contact: await listContactMessages(db), articles: await listArticleSubmissions(db) }, null, 2)}\n`,
    );
    expect((await submissionsJson(db)).contact).toHaveLength(2345);
  });

  test('the JSON of an empty database is two empty lists', async () => {
    expect(await collect(jsonChunks(db))).toBe('{\n  "contact": [],\n  "articles": []\n}\n');
  });
});
