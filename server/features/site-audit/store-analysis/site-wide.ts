import { sql, type RawBuilder } from 'kysely';
import type { Db } from '#db/index.ts';
import { SITE_SETTINGS, siteWideDetail, type SiteSetting } from '../rules/page-meta-urls.ts';
import { codePointOrder, type EmitFinding } from './stream.ts';

/*
 * The site-wide setting checks over the store (decision 0067): HSTS, nosniff, CSP, Referrer-Policy and
 * compression, one finding for the site from the records' meta_flags and html_bytes columns (migration
 * 0037), never a record decoded. `siteWide` (rules/page-meta-urls.ts) is the specification.
 */

/** The pages a setting counts and, among them, those lacking it, as SQL over records `r` joined to URLs `u`. */
function conditions(type: SiteSetting) {
  const setting: { flag: number; httpsOnly?: true; minHtmlBytes?: number } = SITE_SETTINGS[type];
  const counted = sql`r.html_bytes >= ${setting.minHtmlBytes ?? 0}${setting.httpsOnly ? sql` AND substr(u.url, 1, 6) = 'https:'` : sql``}`;
  return { counted, lacking: sql`${counted} AND (r.meta_flags & ${setting.flag}) = 0` };
}

/** Pages lacking a setting, a few at a time, as the rule picks them. */
async function lackingUrls(
  db: Db,
  auditId: string,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number,
) {
  const { rows } = await sql<{ url: string }>`
    SELECT u.url FROM site_audit_records r JOIN site_audit_urls u ON u.audit_id = r.audit_id AND u.id = r.id
    WHERE r.audit_id = ${auditId} AND ${where} ORDER BY ${order} LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.url);
}

/**
 * A site-wide setting's finding from the store: two counts, then the start page lacking it (the first by
 * id) or else the first lacking page by URL, and the first three others by URL for the detail.
 */
export async function storeSiteWide(db: Db, auditId: string, type: SiteSetting, emit: EmitFinding): Promise<void> {
  const { counted, lacking } = conditions(type);
  const { rows } = await sql<{ total: number | string; lacking: number | string | null }>`
    SELECT count(*) AS total, sum(CASE WHEN ${lacking} THEN 1 ELSE 0 END) AS lacking
    FROM site_audit_records r JOIN site_audit_urls u ON u.audit_id = r.audit_id AND u.id = r.id
    WHERE r.audit_id = ${auditId} AND ${counted}`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  const lacks = Number(rows[0]?.lacking ?? 0);
  if (lacks === 0) return;
  const [start] = await lackingUrls(db, auditId, sql`${lacking} AND u.start = 1`, sql`u.id`, 1);
  const firstFour = await lackingUrls(db, auditId, lacking, codePointOrder(db, sql.ref('u.url')), 4);
  const first = start ?? firstFour[0];
  const others = firstFour.filter((url) => url !== first).slice(0, 3);
  await emit({ url: first, detail: siteWideDetail(SITE_SETTINGS[type].what, lacks, total, others) });
}

/** A setting's check as STORE_CHECKS holds it. */
export const siteWideCheck =
  (type: SiteSetting) =>
  (db: Db, auditId: string, emit: EmitFinding): Promise<void> =>
    storeSiteWide(db, auditId, type, emit);
