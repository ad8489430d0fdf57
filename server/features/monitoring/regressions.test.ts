import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '#db/index.ts';
import { completeSiteAudit, finishSiteAudit, insertSiteAudit, markRunning, type StoredIssue } from '#db/site-audits.ts';
import { serveMonitoringSite, type MonitoringSite } from '#test/fixtures/monitoring-site.ts';
import { rowReads } from '#test/helpers/row-reads.ts';
import { closeTestDatabase, DIALECTS, openTestDatabase } from '#test/helpers/databases.ts';
import { storeAuditOf } from '#test/helpers/monitoring-audit.ts';
import { compareAudits, startPageFailure, type Comparison, type Regression } from './regressions.ts';

const SCORE_DROP = { scoreDrop: 5 };
const hour = (n: number) => new Date(Date.UTC(2026, 10, 27, n)).toISOString();

/** The 25 regressions planted in the fixture's `after` version, URLs as paths, in the order they are listed. */
const PLANTED: Regression[] = [
  { kind: 'score-drop', from: 100, to: 0, drop: 100 },
  ...(
    [
      ['status-4xx', 'Internal URL answers 4xx', '/assets/site-2.css'],
      ['status-4xx', 'Internal URL answers 4xx', '/images/team-2.png'],
      ['status-4xx', 'Internal URL answers 4xx', '/old-offer'],
      ['status-4xx', 'Internal URL answers 4xx', '/services/audits'],
      ['status-4xx', 'Internal URL answers 4xx', '/services/retired'],
      ['status-5xx', 'Internal URL answers 5xx', '/pricing'],
      ['fetch-failed', 'Internal URL could not be fetched', '/downloads'],
    ] as const
  ).map(([issueId, title, url]) => ({ kind: 'new-issue' as const, issueId, title, severity: 'error' as const, url })),
  ...(
    [
      ['/', '/pricing'],
      ['/', '/services/audits'],
      ['/blog/first-post', '/old-offer'],
      ['/contact', '/old-offer'],
    ] as const
  ).map(([source, target]) => ({
    kind: 'new-issue' as const,
    issueId: 'links-broken',
    title: 'Page links to a broken internal URL',
    severity: 'error' as const,
    url: source,
    source,
    target,
    anchor: `Visit ${target}`,
  })),
  ...(
    [
      ['redirect-loop', 'Redirect loop', '/offers', 'error'],
      ['redirect-loop', 'Redirect loop', '/offers/all', 'error'],
      ['redirect-broken', 'Redirect to a broken URL', '/old-services', 'error'],
      ['title-missing', 'Missing title', '/about', 'error'],
      ['structured-data-invalid', 'Invalid structured data', '/blog/first-post', 'error'],
      ['img-broken', 'Broken image', '/services', 'error'],
      ['canonical-to-non-200', 'Canonical to a non-200 URL', '/contact', 'error'],
      ['canonical-invalid', 'Invalid canonical URL', '/careers', 'error'],
      ['noindex-in-sitemap', 'Noindex page in sitemap', '/blog/second-post', 'error'],
      ['hreflang-invalid', 'Invalid hreflang value', '/team', 'error'],
      // The page turned noindex: the one notice that alerts (decision 0044).
      ['noindex-page', 'Page marked noindex', '/blog/second-post', 'notice'],
      ['css-broken', 'Broken CSS file', '/assets/site-2.css', 'error'],
      ['page-loads-broken-resource', 'Page loads a broken script or stylesheet', '/blog', 'error'],
    ] as const
  ).map(([issueId, title, url, severity]) => ({ kind: 'new-issue' as const, issueId, title, severity, url })),
];

describe.each(DIALECTS)('compareAudits on %s', (dialect) => {
  let db: Db;
  let site: MonitoringSite;
  let at = 0;
  /** The site audited now, in the given version. */
  const audit = async (version: MonitoringSite['version']) => {
    site.version = version;
    return storeAuditOf(db, site, hour((at += 1)));
  };
  /** Origins stripped from every URL of a comparison, so expectations read as paths. */
  const paths = (comparison: Comparison): Comparison =>
    JSON.parse(
      JSON.stringify(comparison).replaceAll(`"${site.origin}/`, '"/').replaceAll(`"${site.origin}`, '"'),
    ) as Comparison;

  beforeAll(async () => {
    site = await serveMonitoringSite();
  });
  afterAll(() => site.close());
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(() => closeTestDatabase(db));

  test('the site changed with 25 planted regressions: exactly those 25 are listed, nothing fixed', async () => {
    const before = await audit('before');
    const after = await audit('after');
    const comparison = paths(await compareAudits(db, before, after, SCORE_DROP));
    expect(comparison).toEqual({ regressions: PLANTED, fixed: [], score: 0, previousScore: 100 });
    expect(comparison.regressions).toHaveLength(25);
  });

  test('an unchanged site over three runs: no regression and nothing fixed', async () => {
    const runs = [await audit('before'), await audit('before'), await audit('before')];
    for (const [previous, current] of [
      [runs[0], runs[1]],
      [runs[1], runs[2]],
    ])
      expect(await compareAudits(db, previous, current, SCORE_DROP)).toEqual({
        regressions: [],
        fixed: [],
        score: 100,
        previousScore: 100,
      });
  });

  test('an unchanged broken site over three runs: its standing problems never alert again', async () => {
    const runs = [await audit('after'), await audit('after'), await audit('after')];
    expect(await compareAudits(db, runs[0], runs[1], SCORE_DROP)).toEqual({
      regressions: [],
      fixed: [],
      score: 0,
      previousScore: 0,
    });
    expect((await compareAudits(db, runs[1], runs[2], SCORE_DROP)).regressions).toEqual([]);
  });

  test('a change that only fixes things: no regression, and every planted error is listed as fixed', async () => {
    const broken = await audit('after');
    const mended = await audit('before');
    const comparison = paths(await compareAudits(db, broken, mended, SCORE_DROP));
    expect(comparison.regressions).toEqual([]);
    // The same identities as the planted new issues (the noindex page goes back to being a page).
    const expectedFixed = PLANTED.flatMap((regression) =>
      regression.kind === 'new-issue' && regression.severity === 'error'
        ? [
            {
              issueId: regression.issueId,
              url: regression.url,
              ...(regression.source ? { source: regression.source, target: regression.target } : {}),
            },
          ]
        : [],
    );
    expect(comparison.fixed).toEqual(expectedFixed);
    expect(comparison.fixed).toHaveLength(23);
    expect([comparison.score, comparison.previousScore]).toEqual([100, 0]);
  });

  test('the first run of a monitor: nothing to compare, so no regression', async () => {
    const first = await audit('before');
    expect(await compareAudits(db, undefined, first, SCORE_DROP)).toEqual({
      regressions: [],
      fixed: [],
      score: 100,
      previousScore: null,
    });
    // Even a broken site's first run lists none of its standing problems.
    expect((await compareAudits(db, undefined, await audit('after'), SCORE_DROP)).regressions).toEqual([]);
  });

  test('the start page answering 5xx is one start-page-down regression, on the first run too', async () => {
    const before = await audit('before');
    const down = await audit('down-5xx');
    const expected = {
      regressions: [
        { kind: 'start-page-down', url: `${site.origin}/`, status: 503, error: 'The start page answered HTTP 503.' },
      ],
      fixed: [],
      score: null,
    };
    expect(await compareAudits(db, before, down, SCORE_DROP)).toEqual({ ...expected, previousScore: 100 });
    expect(await compareAudits(db, undefined, down, SCORE_DROP)).toEqual({ ...expected, previousScore: null });
  });

  test('the start page unreachable (connection dropped) is start-page-down without a status', async () => {
    const before = await audit('before');
    const down = await audit('down-reset');
    const { regressions } = await compareAudits(db, before, down, SCORE_DROP);
    expect(regressions).toEqual([
      {
        kind: 'start-page-down',
        url: `${site.origin}/`,
        status: null,
        error: expect.stringMatching(/^Could not fetch /),
      },
    ]);
  });

  test('a failed previous audit is no baseline: the run after an outage lists no standing problem', async () => {
    const down = await audit('down-5xx');
    const back = await audit('before');
    expect(await compareAudits(db, down, back, SCORE_DROP)).toEqual({
      regressions: [],
      fixed: [],
      score: 100,
      previousScore: null,
    });
  });
});

describe.each(DIALECTS)('compareAudits rules on stored audits (%s)', (dialect) => {
  let db: Db;
  let n = 0;
  beforeEach(async () => {
    db = await openTestDatabase(dialect);
  });
  afterEach(() => closeTestDatabase(db));

  const page = (path: string, facts: Record<string, unknown> = {}) => ({
    url: `https://example.test${path}`,
    facts: { status: 200, noindex: false, ...facts },
    issues: [],
  });
  async function stored(score: number, issues: StoredIssue[], pages = [page('/')]): Promise<string> {
    const id = `audit-${(n += 1)}`;
    await insertSiteAudit(db, { id, visitor: 'v', url: 'https://example.test/', createdAt: hour(n) });
    await markRunning(db, id, hour(n));
    await completeSiteAudit(db, id, {
      finishedAt: hour(n),
      crawled: pages.length,
      discovered: pages.length,
      summary: { pages: pages.length, score, errors: 0, warnings: 0, notices: 0 },
      report: {},
      pages,
      issues,
      diff: () => Promise.resolve(undefined),
    });
    return id;
  }
  const issue = (type: string, path: string, severity = 'error', links?: Array<[string, string]>): StoredIssue => ({
    type,
    url: `https://example.test${path}`,
    severity,
    detail: '',
    ...(links
      ? {
          links: links.map(([source, target]) => ({
            source: `https://example.test${source}`,
            target: `https://example.test${target}`,
            anchor: `to ${target}`,
            position: 'content',
          })),
        }
      : {}),
  });

  test('score-drop when the score falls by the threshold or more, not by less', async () => {
    const at90 = await stored(90, []);
    expect((await compareAudits(db, at90, await stored(85, []), SCORE_DROP)).regressions).toEqual([
      { kind: 'score-drop', from: 90, to: 85, drop: 5 },
    ]);
    expect((await compareAudits(db, at90, await stored(86, []), SCORE_DROP)).regressions).toEqual([]);
    expect((await compareAudits(db, at90, await stored(86, []), { scoreDrop: 4 })).regressions).toEqual([
      { kind: 'score-drop', from: 90, to: 86, drop: 4 },
    ]);
    expect((await compareAudits(db, at90, await stored(99, []), SCORE_DROP)).regressions).toEqual([]);
  });

  test('warnings and notices never alert; a link issue alerts per new link only', async () => {
    const previous = await stored(80, [
      issue('links-broken', '/a', 'error', [['/a', '/gone']]),
      issue('title-too-long', '/a', 'warning'),
    ]);
    const current = await stored(80, [
      // The same page's broken link, plus one new link from it and the same link twice (two anchors).
      issue('links-broken', '/a', 'error', [
        ['/a', '/gone'],
        ['/a', '/lost'],
        ['/a', '/lost'],
      ]),
      issue('title-too-long', '/b', 'warning'),
      issue('description-too-long', '/b', 'notice'),
      issue('h1-missing', '/c', 'warning'),
    ]);
    expect((await compareAudits(db, previous, current, SCORE_DROP)).regressions).toEqual([
      {
        kind: 'new-issue',
        issueId: 'links-broken',
        title: 'Page links to a broken internal URL',
        severity: 'error',
        url: 'https://example.test/a',
        source: 'https://example.test/a',
        target: 'https://example.test/lost',
        anchor: 'to /lost',
      },
    ]);
  });

  test('noindex alerts only on a URL that was an indexable page before, never on a new noindex page', async () => {
    const previous = await stored(100, [], [page('/'), page('/kept'), page('/already', { noindex: true })]);
    const current = await stored(
      100,
      [
        issue('noindex-page', '/kept', 'notice'),
        issue('noindex-page', '/new', 'notice'),
        issue('noindex-page', '/already', 'notice'),
      ],
      [
        page('/'),
        page('/kept', { noindex: true }),
        page('/new', { noindex: true }),
        page('/already', { noindex: true }),
      ],
    );
    const { regressions } = await compareAudits(db, previous, current, SCORE_DROP);
    expect(regressions).toEqual([
      {
        kind: 'new-issue',
        issueId: 'noindex-page',
        title: 'Page marked noindex',
        severity: 'notice',
        url: 'https://example.test/kept',
      },
    ]);
  });

  test("only the issues that can alert are read, and the previous audit's pages only where a page is noindex now", async () => {
    // A big site's audits are mostly notices and warnings: 300 thin pages each, which are never read.
    const thin = Array.from({ length: 300 }, (_, i) => issue('thin-content', `/t${i}`, 'notice'));
    const pages = [page('/'), page('/kept'), ...thin.map((found) => page(new URL(found.url).pathname))];
    const previous = await stored(90, [...thin, issue('status-4xx', '/old', 'error')], pages);
    const current = await stored(
      90,
      [...thin, issue('status-4xx', '/new', 'error'), issue('noindex-page', '/kept', 'notice')],
      pages.map((entry) => (entry.url.endsWith('/kept') ? page('/kept', { noindex: true }) : entry)),
    );
    const issueRows = rowReads('site_audit_issues');
    const pageRows = rowReads('site_audit_pages');
    const spied = db.withPlugin(issueRows.plugin).withPlugin(pageRows.plugin);
    const { regressions, fixed } = await compareAudits(spied, previous, current, SCORE_DROP);
    expect(regressions.map((found) => [found.kind, (found as { url?: string }).url])).toEqual([
      ['new-issue', 'https://example.test/new'],
      ['new-issue', 'https://example.test/kept'],
    ]);
    expect(fixed).toEqual([{ issueId: 'status-4xx', url: 'https://example.test/old' }]);
    // One error before; one error and one noindex page now; one page looked up.
    expect(issueRows.rows.reduce((sum, rows) => sum + rows, 0)).toBe(3);
    expect(pageRows.rows.reduce((sum, rows) => sum + rows, 0)).toBe(1);
  });

  test('an audit that did not finish (cancelled, or failed for a reason not the start page) lists nothing', async () => {
    const previous = await stored(100, []);
    const failed = 'audit-robots';
    await insertSiteAudit(db, { id: failed, visitor: 'v', url: 'https://example.test/', createdAt: hour(20) });
    await finishSiteAudit(db, failed, {
      status: 'failed',
      error: 'robots.txt does not allow crawling https://example.test/.',
      finishedAt: hour(20),
    });
    expect(await compareAudits(db, previous, failed, SCORE_DROP)).toEqual({
      regressions: [],
      fixed: [],
      score: null,
      previousScore: 100,
    });
  });

  test('an unknown audit id is a programming error, not an empty comparison', async () => {
    await expect(compareAudits(db, undefined, 'nope', SCORE_DROP)).rejects.toThrow('No audit nope');
  });
});

describe('startPageFailure', () => {
  test('reads the start failures the crawler stores, and nothing else', () => {
    expect(startPageFailure('The start page answered HTTP 500.')).toEqual({
      status: 500,
      error: 'The start page answered HTTP 500.',
    });
    expect(startPageFailure('The start page answered HTTP 404.')?.status).toBe(404);
    expect(startPageFailure('https://a.test/ answered 301 without a usable redirect target.')?.status).toBe(301);
    expect(startPageFailure('Could not reach a.test: connect ECONNREFUSED')?.status).toBeNull();
    expect(startPageFailure('Could not read https://a.test/: bad gzip')?.status).toBeNull();
    expect(startPageFailure('robots.txt answered HTTP 500, which means no crawling is allowed.')).toBeUndefined();
    expect(startPageFailure('The audit failed unexpectedly; please try again.')).toBeUndefined();
    expect(startPageFailure('Cancelled.')).toBeUndefined();
    expect(startPageFailure(null)).toBeUndefined();
  });
});
