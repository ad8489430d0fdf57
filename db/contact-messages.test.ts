import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { databaseFile, migrate, openDatabase, readMigrations } from '#db/index.ts';
import { getContactMessage, insertContactMessage, listContactMessages } from '#db/contact-messages.ts';

function memoryDb() {
  return openDatabase(':memory:');
}

test('stores a message with a timestamp and reads it back', () => {
  const db = memoryDb();
  const id = insertContactMessage(db, { name: 'Asha', email: 'asha@example.in', message: 'Hello', ipHash: 'abc' });
  const [stored] = listContactMessages(db);
  expect(stored).toMatchObject({ id, name: 'Asha', email: 'asha@example.in', message: 'Hello', ipHash: 'abc' });
  expect(stored.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

test('phone and website are stored when given and null when not', () => {
  const db = memoryDb();
  const withBoth = insertContactMessage(db, {
    name: 'Asha',
    email: 'asha@example.in',
    phone: '+91 98100 12345',
    website: 'https://asha.example.in',
    message: 'Hi',
  });
  const without = insertContactMessage(db, { name: 'Vikram', email: 'v@example.in', message: 'Hello' });
  expect(getContactMessage(db, withBoth)).toMatchObject({
    phone: '+91 98100 12345',
    website: 'https://asha.example.in',
  });
  expect(getContactMessage(db, without)).toMatchObject({ phone: null, website: null });
});

test('an existing database with messages from before phone and website gains both columns; old rows read as null', () => {
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

    const upgraded = openDatabase(file);
    const [oldRow] = listContactMessages(upgraded);
    expect(oldRow).toMatchObject({
      name: 'Old lead',
      email: 'old@example.in',
      message: 'Sent last year',
      ipHash: 'abc',
      phone: null,
      website: null,
    });
    insertContactMessage(upgraded, {
      name: 'New lead',
      email: 'new@example.in',
      phone: '011 2345 6789',
      website: 'https://new.example.in',
      message: 'Hi',
    });
    expect(listContactMessages(upgraded).map((row) => [row.name, row.phone, row.website])).toEqual([
      ['New lead', '011 2345 6789', 'https://new.example.in'],
      ['Old lead', null, null],
    ]);
    upgraded.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lists newest first', () => {
  const db = memoryDb();
  for (const name of ['first', 'second', 'third']) insertContactMessage(db, { name, email: 'a@b.in', message: 'm' });
  expect(listContactMessages(db).map((row) => row.name)).toEqual(['third', 'second', 'first']);
});

test('markup is stored verbatim as text', () => {
  const db = memoryDb();
  insertContactMessage(db, { name: '<script>x</script>', email: 'a@b.in', message: '<img src=x onerror=alert(1)>' });
  expect(listContactMessages(db)[0]).toMatchObject({
    name: '<script>x</script>',
    message: '<img src=x onerror=alert(1)>',
  });
});

test('messages survive closing and reopening the database file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contact-db-'));
  try {
    const first = openDatabase(databaseFile(dir));
    insertContactMessage(first, { name: 'Asha', email: 'asha@example.in', message: 'Persist me' });
    first.close();
    const second = openDatabase(databaseFile(dir));
    expect(listContactMessages(second).map((row) => row.message)).toEqual(['Persist me']);
    second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
