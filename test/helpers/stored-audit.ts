import { Writable } from 'node:stream';
import { expect } from 'vitest';
import type { Db } from '#db/index.ts';
import { auditIssues, auditPages, getSiteAudit } from '#db/site-audits.ts';
import { writeAuditCsv } from '#server/features/site-audit/csv-router.ts';
import { serveFixture, type FixtureSite, type ServedFixture } from '#test/fixtures/crawl-site.ts';
import { startLoopbackServer } from '#test/fixtures/loopback.ts';
import { plantedSite } from '#test/fixtures/site-audit-site.ts';

/**
 * The site with each body's length declared: a chunked body over a size cap is counted to where a chunk
 * crosses it, which differs from one crawl to the next; a declared one is taken as declared.
 */
export const sized =
  (site: FixtureSite): FixtureSite =>
  (path, origin) => {
    const answer = site(path, origin);
    if (answer?.body === undefined || answer.headers?.['content-length'] !== undefined) return answer;
    return { ...answer, headers: { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) } };
  };

/** Everything stored of a finished audit but its id, timing (`durationMs`) and when it ran. */
export async function storedAudit(db: Db, id: string) {
  const audit = await getSiteAudit(db, id);
  expect(audit).toMatchObject({ status: 'done', error: null });
  const { durationMs, ...report } = audit!.report as { durationMs: number };
  expect(durationMs).toBeGreaterThanOrEqual(0);
  let csv = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      csv += chunk.toString();
      done();
    },
  });
  await writeAuditCsv(db, { id, report: audit!.report }, out, 7);
  const pages = await auditPages(db, id, { offset: 0, limit: 10_000 });
  const resources = await auditPages(db, id, { offset: 0, limit: 10_000, kind: 'resource' });
  return {
    url: audit!.url,
    crawled: audit!.crawled,
    discovered: audit!.discovered,
    summary: audit!.summary,
    report,
    diff: audit!.diff,
    issues: await auditIssues(db, id),
    pages,
    resources,
    csv,
    // The crawl store has served: none of it is left.
    store: await db
      .selectFrom('site_audit_urls')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('audit_id', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
  };
}

/** The planted site with its bodies' lengths declared, and its canary: both closed with the test's `closing`. */
export async function servePlanted(
  closing: Array<{ close(): Promise<void> }>,
  keepAliveMs?: number,
): Promise<ServedFixture> {
  const canary = await startLoopbackServer((_req, res) => res.end('canary'));
  closing.push(canary);
  const served = await serveFixture(
    sized(plantedSite({ canaryOrigin: canary.origin, onSlow: () => undefined })),
    keepAliveMs,
  );
  closing.push(served);
  return served;
}
