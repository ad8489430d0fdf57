import { sql } from 'kysely';
import type { Db } from '#db/index.ts';
import { EDGE_KIND } from '#db/site-audit-edges.ts';
import { largeImageDetail } from '../rules/links.ts';
import { LARGE_IMAGE_BYTES } from '../thresholds.ts';
import { forEachRow, type EmitFinding } from './stream.ts';

/**
 * The `img-large` rule over the store: images (answered 200, not read as a page) over LARGE_IMAGE_BYTES,
 * with the number of crawled pages showing each, counted on the image edges' (kind, target) key; by id.
 */
export async function storeLargeImages(db: Db, auditId: string, emit: EmitFinding): Promise<void> {
  const images = sql<{ id: number; url: string; bytes: number; n: number | string }>`(
    SELECT u.id, u.url, u.bytes, count(*) AS n FROM site_audit_edges e
    JOIN site_audit_urls u ON u.audit_id = e.audit_id AND u.id = e.target
    WHERE e.audit_id = ${auditId} AND e.kind = ${EDGE_KIND.image} AND u.status = 200 AND u.bytes > ${LARGE_IMAGE_BYTES}
      AND NOT EXISTS (SELECT 1 FROM site_audit_records r WHERE r.audit_id = u.audit_id AND r.id = u.id)
    GROUP BY u.id, u.url, u.bytes)`;
  // A query builder around the SQL, for forEachRow's chunks.
  const query = db.selectFrom(images.as('q')).select(['q.url', 'q.bytes', 'q.n']).orderBy('q.id');
  await forEachRow(db, query, (row) =>
    emit({ url: row.url, detail: largeImageDetail(Number(row.bytes), Number(row.n)) }),
  );
}
