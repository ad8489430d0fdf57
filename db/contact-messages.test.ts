import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { databaseFile, migrate, openDatabase, readMigrations, type Db } from '#db/index.ts';
import {
  countContactMessages,
  getContactMessage,
  insertContactMessage,
  iterateContactMessages,
  listContactMessages,
} from '#db/contact-messages.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await closeTestDatabase(db);
  });

  test('stores a message with a timestamp and reads it back', async () => {
    const id = await insertContactMessage(db, {
      name: 'Asha',
      email: 'asha@example.in',
      message: 'Hello',
      ipHash: 'abc',
    });
    const [stored] = await listContactMessages(db);
    expect(stored).toMatchObject({ id, name: 'Asha', email: 'asha@example.in', message: 'Hello', ipHash: 'abc' });
    expect(stored!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('each insert returns the new id', async () => {
    const first = await insertContactMessage(db, { name: 'A', email: 'a@b.in', message: 'm' });
    const second = await insertContactMessage(db, { name: 'B', email: 'b@b.in', message: 'm' });
    expect(second).toBeGreaterThan(first);
    expect((await getContactMessage(db, second))?.name).toBe('B');
    expect(await getContactMessage(db, second + 1)).toBeUndefined();
  });

  test('phone and website are stored when given and null when not', async () => {
    const withBoth = await insertContactMessage(db, {
      name: 'Asha',
      email: 'asha@example.in',
      phone: '+91 98100 12345',
      website: 'https://asha.example.in',
      message: 'Hi',
    });
    const without = await insertContactMessage(db, { name: 'Vikram', email: 'v@example.in', message: 'Hello' });
    expect(await getContactMessage(db, withBoth)).toMatchObject({
      phone: '+91 98100 12345',
      website: 'https://asha.example.in',
    });
    expect(await getContactMessage(db, without)).toMatchObject({ phone: null, website: null });
  });

  test('lists newest first', async () => {
    for (const name of ['first', 'second', 'third'])
      await insertContactMessage(db, { name, email: 'a@b.in', message: 'm' });
    expect((await listContactMessages(db)).map((row) => row.name)).toEqual(['third', 'second', 'first']);
  });

  test('markup is stored verbatim as text', async () => {
    await insertContactMessage(db, {
      name: '<script>x</script>',
      email: 'a@b.in',
      message: '<img src=x onerror=alert(1)>',
    });
    expect((await listContactMessages(db))[0]).toMatchObject({
      name: '<script>x</script>',
      message: '<img src=x onerror=alert(1)>',
    });
  });

  test('walking every message page by page gives the list, in its order, and the count agrees', async () => {
    // Messages stored in the same millisecond too: the id orders them.
    await db
      .insertInto('contact_messages')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          name: `Same ${i}`,
          email: 's@b.in',
          message: 'm',
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    for (let i = 0; i < 5; i += 1) await insertContactMessage(db, { name: `Lead ${i}`, email: 'a@b.in', message: 'm' });
    const walked = [];
    for await (const row of iterateContactMessages(db, 3)) walked.push(row);
    expect(walked).toEqual(await listContactMessages(db));
    expect(walked).toHaveLength(12);
    expect(await countContactMessages(db)).toBe(12);
  });
});

test('an existing database with messages from before phone and website gains both columns; old rows read as null', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'contact-db-'));
  try {
    const file = databaseFile(dir);
    // Found by name, not number: the number is whatever was free when the branch landed.
    const migrations = readMigrations();
    const added = migrations.findIndex((migration) => migration.name.endsWith('_contact_phone_website.sql'));
    expect(added).toBeGreaterThan(0);
    const before = migrations.slice(0, added);
    const old = new Database(file);
    migrate(old, before);
    old
      .prepare(
        "INSERT INTO contact_messages (name, email, message, ip_hash) VALUES ('Old lead', 'old@example.in', 'Sent last year', 'abc')",
      )
      .run();
    expect(old.prepare('SELECT * FROM contact_messages').get()).not.toHaveProperty('phone');
    old.close();

    const upgraded = await openDatabase(file);
    const [oldRow] = await listContactMessages(upgraded);
    expect(oldRow).toMatchObject({
      name: 'Old lead',
      email: 'old@example.in',
      message: 'Sent last year',
      ipHash: 'abc',
      phone: null,
      website: null,
    });
    await insertContactMessage(upgraded, {
      name: 'New lead',
      email: 'new@example.in',
      phone: '011 2345 6789',
      website: 'https://new.example.in',
      message: 'Hi',
    });
    expect((await listContactMessages(upgraded)).map((row) => [row.name, row.phone, row.website])).toEqual([
      ['New lead', '011 2345 6789', 'https://new.example.in'],
      ['Old lead', null, null],
    ]);
    await upgraded.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('messages survive closing and reopening the database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'contact-db-'));
  try {
    const first = await openDatabase(databaseFile(dir));
    await insertContactMessage(first, { name: 'Asha', email: 'asha@example.in', message: 'Persist me' });
    await first.destroy();
    const second = await openDatabase(databaseFile(dir));
    expect((await listContactMessages(second)).map((row) => row.message)).toEqual(['Persist me']);
    await second.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
