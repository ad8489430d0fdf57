import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, expect, test, vi } from 'vitest';
import { KEPT_STATEMENTS, keepingStatements } from './sqlite-statements.ts';

interface Scratch {
  things: { id: number; name: string };
}

const opened: Database.Database[] = [];

function scratch() {
  const raw = new Database(':memory:');
  opened.push(raw);
  raw.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  const prepare = vi.spyOn(raw, 'prepare');
  const db = new Kysely<Scratch>({ dialect: new SqliteDialect({ database: keepingStatements(raw) }) });
  return { raw, db, prepared: () => prepare.mock.calls.map(([text]) => text) };
}

afterEach(() => {
  for (const raw of opened.splice(0)) if (raw.open) raw.close();
});

test('a writing statement is prepared once however often it runs; a reading one every time', async () => {
  const { db, prepared } = scratch();
  for (let id = 1; id <= 5; id += 1)
    await db
      .insertInto('things')
      .values([
        { id: id * 10, name: `a${id}` },
        { id: id * 10 + 1, name: `b${id}` },
      ])
      .execute();
  for (let read = 0; read < 3; read += 1) await db.selectFrom('things').select('name').where('id', '>', 30).execute();
  const inserts = prepared().filter((text) => text.startsWith('insert'));
  const selects = prepared().filter((text) => text.startsWith('select'));
  expect(inserts).toHaveLength(1);
  expect(selects).toHaveLength(3);
  // Every run wrote its own values.
  expect((await db.selectFrom('things').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
    10, 11, 20, 21, 30, 31, 40, 41, 50, 51,
  ]);
});

test('past KEPT_STATEMENTS the least recently used statement goes; the others stay', async () => {
  const { db, prepared } = scratch();
  const update = (column: number) =>
    db
      .updateTable('things')
      .set({ name: `n${column}` })
      .where('id', '=', column)
      .execute();
  await update(0);
  for (let column = 1; column <= KEPT_STATEMENTS; column += 1) {
    // Each SQL text differs by its literal: a statement of its own.
    await sql`update things set name = 'x' where id = ${sql.lit(column)}`.execute(db);
    await update(0);
  }
  // The update ran after every other statement: it was never the least recently used.
  expect(prepared().filter((text) => text.startsWith('update "things"'))).toHaveLength(1);
  // The first literal statement was the least recently used when the 64th came: it is prepared again.
  await sql`update things set name = 'x' where id = ${sql.lit(1)}`.execute(db);
  expect(prepared().filter((text) => text === `update things set name = 'x' where id = 1`)).toHaveLength(2);
  await sql`update things set name = 'x' where id = ${sql.lit(KEPT_STATEMENTS)}`.execute(db);
  expect(
    prepared().filter((text) => text === `update things set name = 'x' where id = ${KEPT_STATEMENTS}`),
  ).toHaveLength(1);
});

test('kept statements hold no lock: the table they write can be dropped, made again and written through them', async () => {
  const { db, raw } = scratch();
  const insert = (id: number) => db.insertInto('things').values({ id, name: 'kept' }).execute();
  await insert(1);
  raw.exec('DROP TABLE things');
  raw.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL, extra TEXT)');
  await insert(2);
  expect(raw.prepare('SELECT id, name, extra FROM things').all()).toEqual([{ id: 2, name: 'kept', extra: null }]);
  // A transaction's own statements are kept too, and a rolled-back one leaves nothing.
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('things').values({ id: 3, name: 'gone' }).execute();
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await db.transaction().execute((trx) => trx.insertInto('things').values({ id: 4, name: 'kept' }).execute());
  expect(raw.prepare('SELECT id FROM things ORDER BY id').pluck().all()).toEqual([2, 4]);
  await db.destroy();
  expect(raw.open).toBe(false);
});
