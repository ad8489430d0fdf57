// `npm run bench -- issue-inserts` (PAGES=50000 by default): what writing an audit's findings costs on SQLite as
// the analysis from the store writes them (server/features/site-audit/streamed-analysis.ts,
// db/site-audit-issue-stage.ts): a batch of 1,000 pages at a time, nine findings a page grouped by type, 200 rows
// a statement, into a table keyed as site_audit_issues is (audit, type, URL; WITHOUT ROWID), on a WAL file with
// the audit's 4 MB page cache. Three ways: each batch's rows in the order the rules find them (URL ids); each
// batch sorted by the key (what PostgreSQL's stage does); and staged in a TEMP table, then moved in key order
// 2,000 rows a transaction once the analysis ends (SQLite's stage). Two shapes of URL: the site-audit bench's
// (/page/N met breadth first from its home page, as its crawl meets them) and a shop's met in discovery order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchCrawlOrder } from './lib/site-pages.mjs';

const PAGES = Number(process.env.PAGES ?? 50_000);
const TYPES = 9;
const ROWS = 200;
const MOVE_ROWS = 2000;
const AUDIT = '0f8fe9a2-1c1b-4b7e-9b0e-3b1c7a8a9d11';
const WORDS = ['shoes', 'bags', 'men', 'women', 'kids', 'sale', 'new', 'brand', 'outlet', 'gifts'];
const benchPages = benchCrawlOrder(PAGES);
const SHAPES = {
  bench: (id) => `http://127.0.0.1:41234/page/${benchPages[id]}`,
  shop: (id) => {
    const x = Math.imul(id, 2654435761) >>> 0;
    return `https://shop.example/${WORDS[x % 10]}/${WORDS[(x >>> 4) % 10]}/item-${x.toString(36)}`;
  },
};
const byKey = (a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);

const tuples = (count, width) =>
  Array.from({ length: count }, () => `(${Array.from({ length: width }, () => '?').join(', ')})`).join(', ');

/** Moves the stage to the table in key order, MOVE_ROWS a transaction, as db/site-audit-issue-stage.ts does. */
function move(db, insert) {
  db.exec('CREATE INDEX temp.staged_key ON staged (type, url, seq, severity, detail, links)');
  const page = db.prepare(`SELECT seq, type, url, severity, detail, links FROM staged
    WHERE (type, url, seq) > (?, ?, ?) ORDER BY type, url, seq LIMIT ${MOVE_ROWS}`);
  let after = ['', '', -1];
  for (;;) {
    const rows = page.all(...after);
    if (rows.length === 0) break;
    db.transaction(() => {
      for (let at = 0; at < rows.length; at += ROWS) {
        const part = rows.slice(at, at + ROWS);
        const statement =
          part.length === ROWS
            ? insert
            : db.prepare(`INSERT INTO issues VALUES ${tuples(part.length, 6)} ON CONFLICT DO NOTHING`);
        statement.run(part.flatMap((row) => [AUDIT, row.type, row.url, row.severity, row.detail, row.links]));
      }
    })();
    const last = rows[rows.length - 1];
    after = [last.type, last.url, last.seq];
  }
  db.exec('DROP TABLE temp.staged');
}

function run(urlOf, way) {
  const dir = mkdtempSync(join(tmpdir(), 'issue-inserts-'));
  const db = new Database(join(dir, 'audit.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -4096');
    db.pragma('temp.cache_size = -4096');
    db.exec(`CREATE TABLE issues (audit_id TEXT NOT NULL, type TEXT NOT NULL, url TEXT NOT NULL, severity TEXT NOT NULL,
      detail TEXT NOT NULL, links TEXT, PRIMARY KEY (audit_id, type, url)) WITHOUT ROWID`);
    db.exec(`CREATE TEMP TABLE staged (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, url TEXT NOT NULL,
      severity TEXT NOT NULL, detail TEXT NOT NULL, links TEXT)`);
    const insert = db.prepare(`INSERT INTO issues VALUES ${tuples(ROWS, 6)} ON CONFLICT DO NOTHING`);
    const stage = db.prepare(`INSERT INTO staged (type, url, severity, detail, links) VALUES ${tuples(ROWS, 5)}`);
    const started = performance.now();
    for (let first = 0; first < PAGES; first += 1000) {
      const found = [];
      for (let type = 0; type < TYPES; type += 1)
        for (let id = first; id < first + 1000; id += 1)
          found.push([AUDIT, `type-${type}`, urlOf(id), 'warning', 'a finding', null]);
      if (way === 'sorted') found.sort(byKey);
      for (let at = 0; at + ROWS <= found.length; at += ROWS) {
        const part = found.slice(at, at + ROWS);
        if (way === 'staged') stage.run(part.flatMap((row) => row.slice(1)));
        else insert.run(part.flat());
      }
    }
    if (way === 'staged') move(db, insert);
    const stored = db.prepare('SELECT count(*) AS n FROM issues').get().n;
    if (stored !== PAGES * TYPES) throw new Error(`${stored} rows stored, ${PAGES * TYPES} expected`);
    return ((performance.now() - started) * 1000) / (PAGES * TYPES);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${PAGES} pages, ${TYPES} findings a page, ${ROWS} rows a statement (µs a row)`);
for (const [shape, urlOf] of Object.entries(SHAPES)) {
  const asFound = run(urlOf, 'found');
  const sorted = run(urlOf, 'sorted');
  const staged = run(urlOf, 'staged');
  console.log(
    `${shape.padEnd(6)} by URL id ${asFound.toFixed(1).padStart(6)}   each batch in key order ${sorted.toFixed(1).padStart(6)} ` +
      `(${(asFound / sorted).toFixed(2)}×)   staged, then moved in key order ${staged.toFixed(1).padStart(6)} (${(asFound / staged).toFixed(2)}×)`,
  );
}
