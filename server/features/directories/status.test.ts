import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, onTestFinished, test } from 'vitest';
import { createTestApp } from '#test/helpers/app.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { createLogger } from '#server/lib/logger.ts';
import { readResultsFile, resultsPath, type CheckResults, type SiteResult } from './check.ts';
import { importResultsFile, readStoredResults, storeResults } from './store.ts';

function result(url: string, checkedAt: string, consecutiveFailures: number): SiteResult {
  return { url, checkedAt, outcome: consecutiveFailures ? 'dead' : 'ok', method: 'HEAD', consecutiveFailures };
}

/** A DATA_DIR holding the results file an older version wrote: the first boot imports it. */
function dataDirWith(results: CheckResults): string {
  const dir = mkdtempSync(join(tmpdir(), 'directory-status-'));
  writeFileSync(resultsPath(dir), `${JSON.stringify(results, null, 2)}\n`);
  return dir;
}

const checked: CheckResults = {
  version: 1,
  lastRun: { startedAt: '2026-03-09T04:00:00.000Z', finishedAt: '2026-03-09T04:05:00.000Z', checked: 3 },
  sites: {
    'https://www.olx.in/': result('https://www.olx.in/', '2026-03-09T04:01:00.000Z', 0),
    // Spelt differently from the data (no www, no slash): still the same site.
    'https://quikr.com': result('https://quikr.com', '2026-03-09T04:02:00.000Z', 2),
    'https://www.youtube.com/': result('https://www.youtube.com/', '2026-03-02T04:02:00.000Z', 0),
  },
};

describe.each(DIALECTS)('%s', (dialect) => {
  test('the page says when the list was last checked, and hides sites that failed twice in a row', async () => {
    const { app, close } = await createTestApp({ dialect, dataDir: dataDirWith(checked) });
    onTestFinished(close);
    const res = await request(app).get('/ad-post-sites');
    expect(res.text).toContain(
      'Links last checked on <time dateTime="2026-03-09">9 March 2026</time> by our link checker (2 of the listed sites). 1 site that failed two checks in a row is hidden until it works again.',
    );
    expect(res.text).toContain('>OLX India</a>');
    expect(res.text).not.toContain('>Quikr</a>');
    expect(res.text).toContain('Download all 60 sites as CSV');

    const json = await request(app).get('/api/directories/ad-post-sites.json');
    expect(json.body.sites.map((site: { name: string }) => site.name)).not.toContain('Quikr');
    expect(json.body.sites).toHaveLength(60);

    const csv = await request(app).get('/api/directories/ad-post-sites.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('#,Name,URL,Description,Domain Authority,Spam Score,Region,Link type,Last checked');
    expect(lines[1]).toMatch(/^1,OLX India,https:\/\/www\.olx\.in\/,.*,,,India,,2026-03-09$/);
    expect(lines).toHaveLength(61);
    expect(csv.text).not.toContain('Quikr');

    const video = await request(app).get('/video-submission-sites');
    expect(video.text).toContain(
      'Links last checked on <time dateTime="2026-03-02">2 March 2026</time> by our link checker (1 of the listed sites).',
    );
  });

  test('without results every list honestly says it has not been checked yet', async () => {
    const { app, close } = await createTestApp({ dialect, dataDir: mkdtempSync(join(tmpdir(), 'directory-status-')) });
    onTestFinished(close);
    for (const path of ['/ad-post-sites', '/guest-post-sites']) {
      const res = await request(app).get(path);
      expect(res.text, path).toContain('The links in this list have not been checked by our link checker yet.');
      expect(res.text, path).not.toContain('last checked on');
    }
  });

  test('an invalid results file stops the app at boot with a message naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'directory-status-'));
    writeFileSync(resultsPath(dir), '{"version": 1, "lastRun": null, "sites": {"x": {"url": "not a url"}}}');
    await expect(createTestApp({ dialect, dataDir: dir })).rejects.toThrow(
      `Directory check results in ${resultsPath(dir)} are invalid (sites.x.url: `,
    );
    writeFileSync(resultsPath(dir), 'not json');
    expect(() => readResultsFile(resultsPath(dir))).toThrow('are invalid (not JSON)');
  });

  test('results survive the database unchanged; the file is imported once, then never read again', async () => {
    const db = await openTestDatabase(dialect);
    onTestFinished(() => closeTestDatabase(db));
    const log = createLogger('silent');
    expect(await readStoredResults(db)).toBeUndefined();
    expect(await importResultsFile(db, join(tmpdir(), 'no-such-dir', 'directory-checks.json'), log)).toBe(false);
    const dir = dataDirWith(checked);
    expect(await importResultsFile(db, resultsPath(dir), log)).toBe(true);
    expect(await readStoredResults(db)).toEqual({ runId: 'imported', results: checked });
    // A file left behind, even a broken one, no longer matters.
    writeFileSync(resultsPath(dir), 'not json');
    expect(await importResultsFile(db, resultsPath(dir), log)).toBe(false);
    const later: CheckResults = {
      ...checked,
      lastRun: { ...checked.lastRun!, finishedAt: '2026-03-16T04:05:00.000Z' },
    };
    const runId = await storeResults(db, later);
    expect(await readStoredResults(db)).toEqual({ runId, results: later });
    expect(readResultsFile(join(dir, 'missing', 'directory-checks.json'))).toBeUndefined();
  });

  test('results in the database that fail validation are refused with a message naming the row', async () => {
    const db = await openTestDatabase(dialect);
    onTestFinished(() => closeTestDatabase(db));
    await db.insertInto('directory_checks').values({ id: 'ab', recorded_at: 1, results: '{"version": 2}' }).execute();
    await expect(readStoredResults(db)).rejects.toThrow(
      'Directory check results in the database (directory_checks row ab) are invalid (version: ',
    );
  });
});
