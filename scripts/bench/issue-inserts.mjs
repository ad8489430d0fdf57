// `npm run bench -- issue-inserts` (PAGES=50000 by default): what writing an audit's findings costs on SQLite as
// the analysis from the store writes them (server/features/site-audit/streamed-analysis.ts): a batch of 1,000
// pages at a time, nine findings a page grouped by type, 200 rows a statement, into a table keyed as
// site_audit_issues is (audit, type, URL; WITHOUT ROWID), on a WAL file with the audit's 4 MB page cache. Each
// batch's rows are written in the order the rules find them (URL ids) and sorted by the key, for two shapes of
// URL: the site-audit bench's (/page/N, whose ids nearly follow URL order) and a shop's met in discovery order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const PAGES = Number(process.env.PAGES ?? 50_000);
const TYPES = 9;
const ROWS = 200;
const AUDIT = '0f8fe9a2-1c1b-4b7e-9b0e-3b1c7a8a9d11';
const WORDS = ['shoes', 'bags', 'men', 'women', 'kids', 'sale', 'new', 'brand', 'outlet', 'gifts'];
const SHAPES = {
  bench: (id) => `http://127.0.0.1:41234/page/${id}`,
  shop: (id) => {
    const x = Math.imul(id, 2654435761) >>> 0;
    return `https://shop.example/${WORDS[x % 10]}/${WORDS[(x >>> 4) % 10]}/item-${x.toString(36)}`;
  },
};
const byKey = (a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);

function run(urlOf, sorted) {
  const dir = mkdtempSync(join(tmpdir(), 'issue-inserts-'));
  const db = new Database(join(dir, 'audit.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -4096');
    db.exec(`CREATE TABLE issues (audit_id TEXT NOT NULL, type TEXT NOT NULL, url TEXT NOT NULL, severity TEXT NOT NULL,
      detail TEXT NOT NULL, links TEXT, PRIMARY KEY (audit_id, type, url)) WITHOUT ROWID`);
    const values = Array.from({ length: ROWS }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
    const insert = db.prepare(`INSERT INTO issues VALUES ${values} ON CONFLICT DO NOTHING`);
    const started = performance.now();
    for (let first = 0; first < PAGES; first += 1000) {
      const found = [];
      for (let type = 0; type < TYPES; type += 1)
        for (let id = first; id < first + 1000; id += 1)
          found.push([AUDIT, `type-${type}`, urlOf(id), 'warning', 'a finding', null]);
      if (sorted) found.sort(byKey);
      for (let at = 0; at + ROWS <= found.length; at += ROWS) insert.run(found.slice(at, at + ROWS).flat());
    }
    return ((performance.now() - started) * 1000) / (PAGES * TYPES);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${PAGES} pages, ${TYPES} findings a page, ${ROWS} rows a statement (µs a row)`);
for (const [shape, urlOf] of Object.entries(SHAPES)) {
  const asFound = run(urlOf, false);
  const sorted = run(urlOf, true);
  console.log(
    `${shape.padEnd(6)} by URL id ${asFound.toFixed(1).padStart(6)}   in key order ${sorted.toFixed(1).padStart(6)}   ${(asFound / sorted).toFixed(2)}×`,
  );
}
