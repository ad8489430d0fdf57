import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { databaseFile, openDatabase } from '#db/index.ts';
import { insertContactMessage, listContactMessages } from '#db/contact-messages.ts';

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

test('lists newest first', () => {
  const db = memoryDb();
  for (const name of ['first', 'second', 'third']) insertContactMessage(db, { name, email: 'a@b.in', message: 'm' });
  expect(listContactMessages(db).map((row) => row.name)).toEqual(['third', 'second', 'first']);
});

test('markup is stored verbatim as text', () => {
  const db = memoryDb();
  insertContactMessage(db, { name: '<script>x</script>', email: 'a@b.in', message: '<img src=x onerror=alert(1)>' });
  expect(listContactMessages(db)[0]).toMatchObject({ name: '<script>x</script>', message: '<img src=x onerror=alert(1)>' });
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
