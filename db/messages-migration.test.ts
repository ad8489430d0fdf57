import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { migrate, migratePostgres, readMigrations, type Db, type Dialect } from '#db/index.ts';
import { listMessages } from '#db/messages.ts';
import type { Tables } from '#db/schema.ts';
import { DIALECTS, testPostgresUrl } from '#test/helpers/databases.ts';

/*
 * Migration 0018 on both databases: rows the old schema wrote, in the leads' `outbox` and the
 * monitors' `monitor_messages`, come through into `messages` as they were (pending, delivered and
 * failed, with their attempts, next attempt and last error), and the old tables are gone.
 */

const before = (dialect: Dialect) => readMigrations(dialect).filter((migration) => migration.version < 18);
const MONITOR = 'm'.repeat(22);

/** What the old code wrote: a lead's two channels and two more leads, and four monitor messages. */
const OLD_ROWS = [
  `INSERT INTO monitors (id, kind, url, origin, email, schedule, status, verification_token, score_drop, created_at)
     VALUES ('${MONITOR}', 'visitor', 'https://shop.example.in/', 'https://shop.example.in', 'owner@shop.example.in',
       'daily', 'active', 'token', 5, '2026-11-27T10:00:00.000Z')`,
  `INSERT INTO outbox (event_id, channel, event, payload, created_at, lead_type, lead_id, attempts, next_attempt_at,
       delivered_at, failed_at, last_error)
     VALUES
       ('e-pending', 'webhook', 'contact.created', '{"id":"e-pending"}', '2026-11-23T10:00:00.123Z', 'contact', 7, 3,
        1795950000000, NULL, NULL, 'webhook: answered HTTP 503'),
       ('e-pending', 'email', 'contact.created', '{"id":"e-pending"}', '2026-11-23T10:00:00.123Z', 'contact', 7, 1,
        1795940000000, '2026-11-23T10:00:05.000Z', NULL, NULL),
       ('e-failed', 'webhook', 'article.created', '{"id":"e-failed"}', '2026-11-20T08:00:00.000Z', 'article', 2, 40,
        1795000000000, NULL, '2026-11-23T08:00:01.000Z', 'webhook: ECONNREFUSED'),
       ('e-monitor', 'email', 'monitor.created', '{"id":"e-monitor"}', '2026-11-27T11:00:00.000Z', 'monitor', 1, 0,
        1796000000000, NULL, NULL, NULL)`,
  `INSERT INTO monitor_messages (id, monitor_id, run_id, channel, purpose, payload, attempts, next_attempt_at,
       delivered_at, failed_at, last_error, created_at)
     VALUES
       ('c1', '${MONITOR}', NULL, 'email', 'confirm', '{"to":["owner@shop.example.in"]}', 1, 1796000060000,
        '2026-11-27T10:00:02.000Z', NULL, NULL, '2026-11-27T10:00:00.000Z'),
       ('a1', '${MONITOR}', 'r1', 'webhook', 'alert', '{"url":"https://hooks.example.in/","body":"{}"}', 2,
        1796000120000, NULL, NULL, 'webhook: answered HTTP 500', '2026-11-28T10:00:00.000Z'),
       ('d1', '${MONITOR}', NULL, 'email', 'digest', '{"to":[]}', 9, 1796000180000, NULL,
        '2026-11-30T10:00:00.000Z', 'email: refused', '2026-11-29T10:00:00.000Z'),
       ('report-${MONITOR}-2026-11', '${MONITOR}', NULL, 'email', 'report', '{"to":["a@b.in"]}', 0, 1796000240000,
        NULL, NULL, NULL, '2026-12-01T00:00:00.000Z')`,
];

/** A database migrated up to 0017, filled as the old code filled it, then migrated on; read through Kysely. */
async function migratedFromOldRows(dialect: Dialect): Promise<{ db: Db; schema?: string; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const raw = new Database(':memory:');
    raw.pragma('foreign_keys = ON');
    migrate(raw, before('sqlite'));
    for (const statement of OLD_ROWS) raw.exec(statement);
    expect(migrate(raw)).toContain(18);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
    return { db, close: () => db.destroy() };
  }
  const schema = `t_mig_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: testPostgresUrl(), max: 2, options: `-c search_path=${schema}` });
  await migratePostgres(pool, before('postgres'), schema);
  for (const statement of OLD_ROWS) await pool.query(statement);
  expect(await migratePostgres(pool, undefined, schema)).toContain(18);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    schema,
    async close() {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.destroy();
    },
  };
}

const HOUR = 60 * 60_000;

describe.each(DIALECTS)('%s', (dialect) => {
  test('0018 carries every outbox and monitor_messages row into messages, then drops the old tables', async () => {
    const { db, schema, close } = await migratedFromOldRows(dialect);
    try {
      const rows = await listMessages(db);
      const byKey = new Map(rows.map((row) => [`${row.id}/${row.channel}`, row]));
      expect(rows).toHaveLength(8);
      expect(byKey.get('e-pending/webhook')).toEqual({
        id: 'e-pending',
        channel: 'webhook',
        kind: 'contact.created',
        recipient: 'operator',
        payload: '{"id":"e-pending"}',
        leadType: 'contact',
        leadId: 7,
        monitorId: null,
        runId: null,
        attempts: 3,
        nextAttemptAt: 1795950000000,
        // 72 hours after it was made, to the millisecond.
        giveUpAt: Date.parse('2026-11-23T10:00:00.123Z') + 72 * HOUR,
        deliveredAt: null,
        failedAt: null,
        lastError: 'webhook: answered HTTP 503',
        createdAt: '2026-11-23T10:00:00.123Z',
      });
      expect(byKey.get('e-pending/email')).toMatchObject({ attempts: 1, deliveredAt: '2026-11-23T10:00:05.000Z' });
      expect(byKey.get('e-failed/webhook')).toMatchObject({
        kind: 'article.created',
        leadType: 'article',
        leadId: 2,
        attempts: 40,
        failedAt: '2026-11-23T08:00:01.000Z',
        lastError: 'webhook: ECONNREFUSED',
      });
      expect(byKey.get('e-monitor/email')).toMatchObject({ kind: 'monitor.created', leadType: 'monitor', leadId: 1 });
      expect(byKey.get('a1/webhook')).toEqual({
        id: 'a1',
        channel: 'webhook',
        kind: 'monitor.regression',
        recipient: 'listed',
        payload: '{"url":"https://hooks.example.in/","body":"{}"}',
        leadType: null,
        leadId: null,
        monitorId: MONITOR,
        runId: 'r1',
        attempts: 2,
        nextAttemptAt: 1796000120000,
        // A day after it was made.
        giveUpAt: Date.parse('2026-11-28T10:00:00.000Z') + 24 * HOUR,
        deliveredAt: null,
        failedAt: null,
        lastError: 'webhook: answered HTTP 500',
        createdAt: '2026-11-28T10:00:00.000Z',
      });
      expect(byKey.get('c1/email')).toMatchObject({ kind: 'monitor.confirm', deliveredAt: '2026-11-27T10:00:02.000Z' });
      expect(byKey.get('d1/email')).toMatchObject({ kind: 'monitor.digest', attempts: 9, lastError: 'email: refused' });
      expect(byKey.get(`report-${MONITOR}-2026-11/email`)).toMatchObject({ kind: 'monitor.report', attempts: 0 });
      // This database's tables only (PostgreSQL lists every schema's: other tests' may hold an outbox).
      const tables = (await db.introspection.getTables())
        .filter((table) => schema === undefined || table.schema === schema)
        .map((table) => table.name);
      expect(tables).toContain('messages');
      expect(tables).not.toContain('outbox');
      expect(tables).not.toContain('monitor_messages');
      // Deleting the monitor still takes its messages with it.
      await db.deleteFrom('monitors').where('id', '=', MONITOR).execute();
      expect((await listMessages(db)).map((row) => row.id).sort()).toEqual([
        'e-failed',
        'e-monitor',
        'e-pending',
        'e-pending',
      ]);
    } finally {
      await close();
    }
  });
});
