import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
const mode = process.argv[2];
const file = `/tmp/zz-ins-${mode}.db`;
rmSync(file, { force: true }); rmSync(file + '-wal', { force: true });
const db = new Database(file);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma(`cache_size = -${process.argv[4] ?? 4096}`);
db.exec(`CREATE TABLE t (audit_id TEXT NOT NULL, type TEXT NOT NULL, url TEXT NOT NULL, severity TEXT NOT NULL, detail TEXT NOT NULL, links TEXT, PRIMARY KEY (audit_id, type, url)) WITHOUT ROWID`);
const rows = 200;
const sql = `insert into "t" ("audit_id","type","url","severity","detail","links") values ${Array.from({length: rows}, () => '(?, ?, ?, ?, ?, ?)').join(', ')} on conflict do nothing`;
const stmt = db.prepare(sql);
const aid = '0f8fe9a2-1c1b-4b7e-9b0e-3b1c7a8a9d11';
const PAGES = Number(process.argv[3] ?? 100000), TYPES = 9;
const words = ['shoes', 'bags', 'men', 'women', 'kids', 'sale', 'new', 'brand', 'outlet', 'gifts'];
const urlOf = (p) => { let x = (p * 2654435761) >>> 0; return `https://shop.example/${words[x % 10]}/${words[(x >>> 4) % 10]}/item-${x.toString(36)}`; };
const t = performance.now();
for (let b = 0; b < PAGES / 1000; b++) {
  let found = [];
  for (let k = 0; k < TYPES; k++) for (let p = b * 1000; p < (b + 1) * 1000; p++) found.push([aid, `type-${k}`, urlOf(p), 'warning', 'some detail text here', null]);
  if (mode.includes('sorted')) found.sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0));
  if (mode.includes('tx')) db.exec('begin immediate');
  for (let i = 0; i < found.length; i += rows) { const chunk = found.slice(i, i + rows); if (chunk.length < rows) break; stmt.run(chunk.flat()); }
  if (mode.includes('tx')) db.exec('commit');
}
console.log(mode, PAGES, process.argv[4] ?? 4096, 'µs per row', ((performance.now() - t) * 1000 / (PAGES * TYPES)).toFixed(2));
