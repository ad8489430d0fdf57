import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { insertArticleSubmission } from '#db/article-submissions.ts';
import { insertContactMessage } from '#db/contact-messages.ts';
import { deleteLead, iterateLeads, listInbox, setHandled, unreadCounts, type InboxQuery } from '#db/lead-inbox.ts';
import {
  claimMessage,
  insertMessages,
  listMessages,
  markMessageDelivered,
  markMessageFailed,
  type LeadType,
  type MessageChannel,
} from '#db/messages.ts';
import { insertMonitorLead } from '#db/monitoring/leads.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';

/** A lead's event for the operator on each channel, as the leads feature queues it. */
function queueEvent(db: Db, id: string, leadType: LeadType, leadId: number, channels: MessageChannel[]) {
  const createdAt = '2026-11-23T10:00:00.000Z';
  const message = { id, kind: `${leadType}.created`, recipient: 'operator' as const, payload: '{}', createdAt };
  const rows = channels.map((channel) => ({ ...message, channel, leadType, leadId, giveUpAt: 1_000_000 }));
  return insertMessages(db, rows, 0);
}

describe.each(DIALECTS)('%s', (dialect) => {
  let db: Db;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await closeTestDatabase(db);
  });

  const names = async (query: Partial<InboxQuery>) =>
    (await listInbox(db, { kind: 'contact', status: 'all', page: 1, perPage: 50, ...query })).rows.map(
      (row) => row.fields.name,
    );

  test('search ignores ASCII case the same way on both databases and takes %, _ and \\ literally', async () => {
    await insertContactMessage(db, { name: 'Asha VERMA', email: 'asha@example.in', message: 'Audit please' });
    await insertContactMessage(db, { name: 'Ravi', email: 'ravi@example.in', message: 'We grew 50% this year' });
    await insertContactMessage(db, { name: 'Under_score', email: 'u@example.in', message: 'C:\\sites\\new' });
    await insertContactMessage(db, { name: 'Plain', email: 'p@example.in', message: 'Nothing special', phone: null });
    expect(await names({ q: 'verma' })).toEqual(['Asha VERMA']);
    expect(await names({ q: 'AUDIT' })).toEqual(['Asha VERMA']);
    expect(await names({ q: 'ASHA@EXAMPLE' })).toEqual(['Asha VERMA']);
    expect(await names({ q: '50%' })).toEqual(['Ravi']);
    expect(await names({ q: '%' })).toEqual(['Ravi']);
    expect(await names({ q: '_' })).toEqual(['Under_score']);
    // As a wildcard, _ would find "Asha".
    expect(await names({ q: 'a_h' })).toEqual([]);
    expect(await names({ q: '\\sites' })).toEqual(['Under_score']);
    expect(await names({ q: '  ' })).toEqual(['Plain', 'Under_score', 'Ravi', 'Asha VERMA']);
    const { total } = await listInbox(db, { kind: 'contact', q: 'example.in', status: 'all', page: 1, perPage: 1 });
    expect(total).toBe(4);
  });

  test('articles are searched by title, author, email and content, not by status', async () => {
    await insertArticleSubmission(db, {
      title: 'Core Update',
      author: 'Rohan',
      email: 'r@example.in',
      content: 'Text',
    });
    const inbox = (q: string) => listInbox(db, { kind: 'articles', q, status: 'all', page: 1, perPage: 50 });
    expect((await inbox('core update')).rows.map((row) => row.fields)).toEqual([
      {
        title: 'Core Update',
        author: 'Rohan',
        email: 'r@example.in',
        content: 'Text',
        status: 'pending',
        source_page: null,
        form_page: null,
      },
    ]);
    expect((await inbox('ROHAN')).total).toBe(1);
    expect((await inbox('pending')).total).toBe(0);
  });

  test('monitored sites are a list of their own: searched by email, site and issues; deleting one takes its notifications', async () => {
    const lead = {
      monitorId: 'm'.repeat(22),
      email: 'owner@shop.example.in',
      site: 'https://shop.example.in/',
      schedule: 'weekly',
      score: 72,
      topIssues: '3 × Broken link (error)',
      reportUrl: 'https://example.test/site-audit/abc',
      ipHash: null,
      createdAt: '2026-11-27T10:00:00.000Z',
    };
    const id = await insertMonitorLead(db, lead);
    await queueEvent(db, 'e1', 'monitor', id, ['email']);
    const inbox = (q: string) => listInbox(db, { kind: 'monitors', q, status: 'all', page: 1, perPage: 50 });
    expect((await inbox('')).rows).toEqual([
      {
        id,
        createdAt: lead.createdAt,
        handledAt: null,
        fields: {
          email: 'owner@shop.example.in',
          site: 'https://shop.example.in/',
          schedule: 'weekly',
          score: '72',
          top_issues: '3 × Broken link (error)',
          report_url: 'https://example.test/site-audit/abc',
        },
        deliveries: { pending: 1, delivered: 0, failed: 0, lastError: null },
      },
    ]);
    expect((await inbox('BROKEN LINK')).total).toBe(1);
    expect((await inbox('weekly')).total).toBe(0);
    expect(await unreadCounts(db)).toEqual({ contact: 0, articles: 0, monitors: 1 });
    expect(await deleteLead(db, 'monitors', id)).toBe(true);
    expect(await listMessages(db)).toEqual([]);
  });

  test('status filters, unread counts, pages newest first and each lead’s delivery state', async () => {
    const ids = [];
    for (let i = 1; i <= 5; i += 1)
      ids.push(await insertContactMessage(db, { name: `Lead ${i}`, email: 'l@example.in', message: 'm' }));
    await insertArticleSubmission(db, { title: 'T', author: 'A', email: 'a@example.in', content: 'C' });
    expect(await setHandled(db, 'contact', ids[1]!, '2026-11-23T10:00:00.000Z')).toBe(true);
    expect(await setHandled(db, 'contact', 999, '2026-11-23T10:00:00.000Z')).toBe(false);
    expect(await unreadCounts(db)).toEqual({ contact: 4, articles: 1, monitors: 0 });
    expect(await names({ status: 'handled' })).toEqual(['Lead 2']);
    expect(await names({ status: 'unread' })).toEqual(['Lead 5', 'Lead 4', 'Lead 3', 'Lead 1']);
    expect(await names({ perPage: 2, page: 2 })).toEqual(['Lead 3', 'Lead 2']);
    expect(await setHandled(db, 'contact', ids[1]!, null)).toBe(true);
    expect(await unreadCounts(db)).toEqual({ contact: 5, articles: 1, monitors: 0 });

    await queueEvent(db, 'e1', 'contact', ids[0]!, ['webhook', 'email']);
    await markMessageDelivered(db, { id: 'e1', channel: 'webhook' }, '2026-11-23T10:00:00.000Z');
    await claimMessage(db, { id: 'e1', channel: 'email', nextAttemptAt: 0 }, 100);
    await markMessageFailed(
      db,
      { id: 'e1', channel: 'email' },
      {
        error: 'email: refused',
        leaseUntil: 100,
        retryAt: 50,
        giveUpAt: null,
      },
    );
    const [lead1] = (await listInbox(db, { kind: 'contact', q: 'Lead 1', status: 'all', page: 1, perPage: 5 })).rows;
    expect(lead1).toMatchObject({
      id: ids[0],
      handledAt: null,
      deliveries: { pending: 1, delivered: 1, failed: 0, lastError: 'email: refused' },
    });
    const [lead5] = (await listInbox(db, { kind: 'contact', status: 'all', page: 1, perPage: 1 })).rows;
    expect(lead5!.deliveries).toEqual({ pending: 0, delivered: 0, failed: 0, lastError: null });

    expect(await deleteLead(db, 'contact', ids[0]!)).toBe(true);
    expect(await deleteLead(db, 'contact', ids[0]!)).toBe(false);
    expect(await listMessages(db)).toEqual([]);
  });

  test('the export walks every lead page by page, newest first, empty cells for nulls', async () => {
    for (let i = 1; i <= 7; i += 1)
      await insertContactMessage(db, {
        name: `Lead ${i}`,
        email: 'l@example.in',
        message: 'm',
        phone: i === 3 ? '12345678' : null,
      });
    const rows = [];
    for await (const row of iterateLeads(db, 'contact', 3)) rows.push(row);
    expect(rows.map((row) => row[3])).toEqual(['Lead 7', 'Lead 6', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
    expect(rows[4]).toEqual([
      expect.any(String),
      expect.any(String),
      '',
      'Lead 3',
      'l@example.in',
      'm',
      '12345678',
      '',
      '',
      '',
      '',
    ]);
  });

  test('each lead keeps the pages it came from: shown in the inbox, exported last', async () => {
    await insertContactMessage(db, {
      name: 'Asked about Growth',
      email: 'g@example.in',
      message: 'm',
      formPage: '/contact-me?plan=growth',
      sourcePage: '/seo-packages',
    });
    await insertArticleSubmission(db, {
      title: 'T',
      author: 'A',
      email: 'a@example.in',
      content: 'C',
      formPage: '/write-for-us',
      sourcePage: '/guest-post-sites?page=2',
    });
    const contact = await listInbox(db, { kind: 'contact', status: 'all', page: 1, perPage: 50 });
    expect(contact.rows[0]!.fields).toMatchObject({
      source_page: '/seo-packages',
      form_page: '/contact-me?plan=growth',
    });
    const articles = await listInbox(db, { kind: 'articles', status: 'all', page: 1, perPage: 50 });
    expect(articles.rows[0]!.fields).toMatchObject({
      source_page: '/guest-post-sites?page=2',
      form_page: '/write-for-us',
    });
    const exported = [];
    for await (const row of iterateLeads(db, 'articles')) exported.push(row);
    expect(exported[0]!.slice(-2)).toEqual(['/guest-post-sites?page=2', '/write-for-us']);
  });
});
