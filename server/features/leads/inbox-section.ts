import { createElement } from 'react';
import { z } from 'zod';
import {
  deleteLead,
  exportColumns,
  iterateLeads,
  listInbox,
  setHandled,
  unreadCounts,
  type InboxKind,
  type InboxStatus,
} from '#db/lead-inbox.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AdminSection } from '#server/http/admin/shell.ts';
import { DEFAULT_TIME_ZONE } from '#views/business.ts';
import { csvLine } from '#views/lib/csv.ts';
import { InboxPage } from '#views/admin/inbox/InboxPage.tsx';
import { drainedOrClosed } from '#server/http/drained.ts';

export const INBOX_PAGE_SIZE = 50;

const KINDS = ['contact', 'articles', 'monitors'] as const satisfies readonly InboxKind[];
const STATUSES = ['all', 'unread', 'handled'] as const satisfies readonly InboxStatus[];
const NOTICES: Record<string, string> = {
  handled: 'Marked handled.',
  unread: 'Marked unread.',
  deleted: 'Deleted, with its notifications.',
};

/** The list's query: anything unknown falls back to the first list, every lead, page 1. */
const listQuery = z.object({
  type: z.enum(KINDS).catch('contact'),
  status: z.enum(STATUSES).catch('all'),
  q: z
    .string()
    .catch('')
    .transform((q) => q.slice(0, 200)),
  page: z.coerce.number().int().min(1).catch(1),
  done: z.string().optional().catch(undefined),
});
const exportQuery = z.object({ type: z.enum(KINDS, { error: 'type must be contact, articles or monitors' }) });
/** One lead: a wrong kind or id is no lead at all (404). */
const leadParams = z.object({
  kind: z.enum(KINDS),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** Mark handled (1) or unread (0); `back` is the list to return to. */
const handledForm = z.object({ handled: z.enum(['0', '1']).default('1'), back: z.string().max(2_000).optional() });
const deleteForm = z.object({ back: z.string().max(2_000).optional() });

/** Only a path inside the inbox is a place to go back to (never another site). */
function backTo(back: string | undefined, notice: string): string {
  const url = new URL(back && /^\/admin(\?[^\\\s]*)?$/.test(back) ? back : '/admin', 'http://x');
  url.searchParams.set('done', notice);
  return `${url.pathname}${url.search}`;
}

/**
 * The inbox, the admin's home section (`/admin`): contact messages, article submissions and
 * monitored sites with their delivery state; mark handled, delete (with the lead's notifications),
 * export CSV (streamed, every row).
 */
export function inboxSection({ config, db, log }: Pick<AppDeps, 'config' | 'db' | 'log'>): AdminSection {
  const delivering = Boolean(config.leadDelivery.webhook || config.leadDelivery.email);
  const timeZone = config.siteProfile.business.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    path: '/',
    label: 'Inbox',
    routes(router, admin) {
      router.get('/', async (req, res) => {
        const { type: kind, status, q, page: asked, done } = listQuery.parse(req.query);
        const list = (page: number) => listInbox(db, { kind, q, status, page, perPage: INBOX_PAGE_SIZE });
        const first = await list(1);
        const pages = Math.max(1, Math.ceil(first.total / INBOX_PAGE_SIZE));
        const page = Math.min(asked, pages);
        const { rows, total } = page === 1 ? first : await list(page);
        const csrf = admin.session(res).csrfToken;
        const props = { csrf, kind, q, status, page, pages, total, items: rows, delivering, timeZone };
        const content = createElement(InboxPage, {
          ...props,
          unread: await unreadCounts(db),
          notice: NOTICES[done ?? ''],
        });
        admin.page(res, 200, { title: 'Inbox', content });
      });

      router.post('/:kind/:id/handled', admin.guard, async (req, res) => {
        const lead = leadParams.safeParse(req.params);
        if (!lead.success) return admin.notFound(req, res);
        const form = await admin.parse(req, res, handledForm, req.body ?? {});
        if (!form) return;
        const handledAt = form.handled === '1' ? new Date(admin.now()).toISOString() : null;
        if (!(await setHandled(db, lead.data.kind, lead.data.id, handledAt))) return admin.notFound(req, res);
        res.redirect(303, backTo(form.back, handledAt ? 'handled' : 'unread'));
      });

      router.post('/:kind/:id/delete', admin.guard, async (req, res) => {
        const lead = leadParams.safeParse(req.params);
        if (!lead.success) return admin.notFound(req, res);
        const form = await admin.parse(req, res, deleteForm, req.body ?? {});
        if (!form) return;
        if (!(await deleteLead(db, lead.data.kind, lead.data.id))) return admin.notFound(req, res);
        log.info({ reqId: res.locals.requestId, ...lead.data }, 'admin: lead deleted');
        res.redirect(303, backTo(form.back, 'deleted'));
      });

      router.get('/export.csv', async (req, res) => {
        const query = await admin.parse(req, res, exportQuery, req.query);
        if (!query) return;
        const day = new Date(admin.now()).toISOString().slice(0, 10);
        res.setHeader('Content-Type', 'text/csv; charset=utf-8');
        res.setHeader('Content-Disposition', `attachment; filename="${query.type}-${day}.csv"`);
        // Streamed a page of rows at a time, waiting while the client is slow to read: the export holds
        // every lead, however many there are.
        res.write(csvLine(exportColumns(query.type)));
        for await (const row of iterateLeads(db, query.type)) {
          if (res.destroyed) break;
          if (!res.write(csvLine(row))) await drainedOrClosed(res);
        }
        res.end();
      });
    },
  };
}
