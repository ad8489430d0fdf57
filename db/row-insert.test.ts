import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import type { Db } from './index.ts';
import { insertRows, insertText, type RowInsert } from './row-insert.ts';

interface Note {
  id: number;
  body: string | null;
  bytes: Buffer;
}

const NOTE_INSERT: RowInsert<Note> = {
  table: 'row_insert_notes',
  columns: ['owner', 'id', 'body', 'bytes'],
  values: (note) => [note.id, note.body, note.bytes],
  tail: 'ON CONFLICT (owner, id) DO UPDATE SET body = excluded.body',
  perStatement: 7,
};

test('placeholders: one a value, numbered across the rows on PostgreSQL', () => {
  const insert = { table: 't', columns: ['a', 'b'], perStatement: 2 };
  expect(insertText(insert, 2, false)).toBe('INSERT INTO t (a, b) VALUES (?, ?), (?, ?)');
  expect(insertText({ ...insert, tail: 'ON CONFLICT DO NOTHING' }, 2, true)).toBe(
    'INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4) ON CONFLICT DO NOTHING',
  );
});

describe.each(DIALECTS)('rows inserted as SQL text on %s', (dialect) => {
  let db: Db;
  afterEach(async () => closeTestDatabase(db));

  async function notes(owner: string): Promise<Array<{ id: number; body: string | null; bytes: string }>> {
    const { rows } = await sql<{ id: number; body: string | null; bytes: Buffer }>`SELECT id, body, bytes
      FROM row_insert_notes WHERE owner = ${owner} ORDER BY id`.execute(db);
    return rows.map((row) => ({ id: Number(row.id), body: row.body, bytes: Buffer.from(row.bytes).toString('hex') }));
  }

  test('every row, several statements and a short last one, the shared values first, the tail applied', async () => {
    db = await openTestDatabase(dialect);
    const bytes = dialect === 'sqlite' ? sql`BLOB` : sql`BYTEA`;
    await sql`CREATE TABLE row_insert_notes (owner TEXT NOT NULL, id INTEGER NOT NULL, body TEXT, bytes ${bytes} NOT NULL,
      PRIMARY KEY (owner, id))`.execute(db);
    const made = Array.from({ length: 17 }, (_, id) => ({
      id,
      body: id % 5 === 0 ? null : `note ${id} it's "quoted"; DROP TABLE x; --`,
      bytes: Buffer.from([id, 255 - id]),
    }));
    await insertRows(db, NOTE_INSERT, made, ['ann']);
    await insertRows(db, NOTE_INSERT, made.slice(0, 3), ['bob']);
    // Written again (a batch stored again after a crash): the tail's update takes the new body.
    await insertRows(db, NOTE_INSERT, [{ ...made[4]!, body: 'again' }], ['ann']);
    await insertRows(db, NOTE_INSERT, [], ['ann']);
    const hex = (buffer: Buffer) => buffer.toString('hex');
    expect(await notes('ann')).toEqual(
      made.map((note) => ({ id: note.id, body: note.id === 4 ? 'again' : note.body, bytes: hex(note.bytes) })),
    );
    expect((await notes('bob')).map((note) => note.id)).toEqual([0, 1, 2]);
  });

  test('a row whose values do not fill the columns is refused before anything is written', async () => {
    db = await openTestDatabase(dialect);
    const broken: RowInsert<number> = { table: 'nowhere', columns: ['a', 'b'], values: (n) => [n], perStatement: 10 };
    await expect(insertRows(db, broken, [1, 2])).rejects.toThrow('nowhere: 2 columns, 1 values a row');
  });
});
