import request from 'supertest';
import { expect, onTestFinished, test } from 'vitest';
import { startBulkCheckSite } from '#test/fixtures/bulk-check-site.ts';
import { startRedirectHopsSite } from '#test/fixtures/redirect-hops-site.ts';
import { createTestApp } from '#test/helpers/app.ts';
import { disconnectDuringCheck } from '#test/helpers/client-disconnect.ts';
import { apiOnlyAssets } from '#test/helpers/live-tools-app.ts';
import type { MigrationResult } from '#views/model/redirect-checker.ts';
import { USER_AGENTS } from '#views/model/user-agents.ts';
import { MIGRATION_RATE_LIMIT } from './router.ts';

const PATH = '/api/bulk-url-redirection/migration';

async function hopsApp(env: Record<string, string> = {}) {
  const site = await startRedirectHopsSite();
  onTestFinished(() => site.close());
  const { app, close } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, ...env },
    assets: apiOnlyAssets,
  });
  onTestFinished(close);
  return { app, site };
}

/** A result's facts without the hop details (hops.test.ts checks those). */
function facts(result: MigrationResult) {
  const { checks, ...top } = result;
  return { ...top, checks: checks.map((check) => [check.userAgent, check.matches, check.hops, check.status]) };
}

test('each row is checked as Googlebot and as a browser: match, temporary, wrong target, chain, 404, not moved, agents apart', async () => {
  const { app, site } = await hopsApp();
  const o = site.origin;
  const res = await request(app)
    .post(PATH)
    .send({
      rows: [
        { from: `${o}/old/page`, to: '/new/page' },
        { from: `${o}/old/temporary`, to: `${o}/new/page` },
        { from: `${o}/old/wrong`, to: `${o}/new/page` },
        { from: `${o}/chain`, to: `${o}/final` },
        { from: `${o}/moved-to-missing`, to: `${o}/missing` },
        { from: `${o}/old/not-moved`, to: `${o}/new/page` },
        { from: `${o}/old/by-agent`, to: `${o}/new/page` },
      ],
    });
  expect(res.status).toBe(200);
  const both = (matches: boolean, hops: number, status: number) => [
    ['googlebot-smartphone', matches, hops, status],
    ['browser', matches, hops, status],
  ];
  const row = (from: string, to: string, finalUrl: string, rest: Partial<MigrationResult>) => ({
    from: `${o}${from}`,
    to: `${o}${to}`,
    finalUrl: `${o}${finalUrl}`,
    status: 200,
    hops: 1,
    permanent: true,
    matches: true,
    agentsDiffer: false,
    ...rest,
  });
  expect(res.body.results.map(facts)).toEqual([
    { ...row('/old/page', '/new/page', '/new/page', {}), checks: both(true, 1, 200) },
    {
      ...row('/old/temporary', '/new/page', '/new/page', { permanent: false, matches: false }),
      checks: both(false, 1, 200),
    },
    { ...row('/old/wrong', '/new/page', '/new/other', { matches: false }), checks: both(false, 1, 200) },
    { ...row('/chain', '/final', '/final', { hops: 2 }), checks: both(true, 2, 200) },
    {
      ...row('/moved-to-missing', '/missing', '/missing', { status: 404, matches: false }),
      checks: both(false, 1, 404),
    },
    {
      ...row('/old/not-moved', '/new/page', '/old/not-moved', { hops: 0, permanent: false, matches: false }),
      checks: both(false, 0, 200),
    },
    {
      ...row('/old/by-agent', '/new/page', '/new/page', { matches: false, agentsDiffer: true }),
      checks: [
        ['googlebot-smartphone', true, 1, 200],
        ['browser', false, 1, 200],
      ],
    },
  ]);
  const byAgent = res.body.results[6].checks;
  expect(byAgent[1]).toMatchObject({ finalUrl: `${o}/m/`, permanent: false, state: 'checked' });
  expect(site.agents.get('/old/by-agent')).toEqual([
    USER_AGENTS['googlebot-smartphone'].header,
    USER_AGENTS.browser.header,
  ]);
});

test('userAgent checks the rows with one agent only', async () => {
  const { app, site } = await hopsApp();
  const res = await request(app)
    .post(PATH)
    .send({ rows: [{ from: `${site.origin}/old/by-agent`, to: `${site.origin}/new/page` }], userAgent: 'browser' });
  expect(res.status).toBe(200);
  expect(facts(res.body.results[0])).toEqual({
    from: `${site.origin}/old/by-agent`,
    to: `${site.origin}/new/page`,
    finalUrl: `${site.origin}/m/`,
    status: 200,
    hops: 1,
    permanent: false,
    matches: false,
    agentsDiffer: false,
    checks: [['browser', false, 1, 200]],
  });
});

test('a CSV file: its good rows are checked, the others come back skipped with their line and why', async () => {
  const { app, site } = await hopsApp();
  const o = site.origin;
  const csv = [
    'Old URL,New URL',
    `${o}/old/page,/new/page`,
    `${o}/chain`,
    '',
    `ftp://x.example/a,/b`,
    `${o}/chain,${o}/final`,
  ];
  const res = await request(app)
    .post(PATH)
    .send({ csv: csv.join('\r\n'), userAgent: 'browser' });
  expect(res.status).toBe(200);
  expect(res.body.results.map((result: MigrationResult) => [result.from, result.to, result.matches])).toEqual([
    [`${o}/old/page`, `${o}/new/page`, true],
    [`${o}/chain`, `${o}/final`, true],
  ]);
  expect(res.body.skipped).toEqual([
    { line: 3, problem: 'needs an old URL and a new URL.' },
    { line: 5, problem: 'the old URL "ftp://x.example/a" is not a valid http or https URL.' },
  ]);
});

test('a CSV that is empty, only a header, without a good row or too long for one request answers 400 with why', async () => {
  const { app } = await hopsApp();
  const row = (index: number) => `https://example.com/${index},/n/${index}`;
  const cases: Array<[unknown, string]> = [
    [{ csv: '' }, 'The CSV is empty: add one row per old URL (old URL, new URL).'],
    [{ csv: '\r\n \r\n' }, 'The CSV is empty: add one row per old URL (old URL, new URL).'],
    [{ csv: 'old,new\r\n' }, 'The CSV has only a header line: add one row per old URL under it (old URL, new URL).'],
    [
      { csv: 'old,new\nhttps://example.com/a,mailto:x\nhttps://example.com/b' },
      'None of the 2 rows can be checked. Line 2: the new URL "mailto:x" is not a valid URL or /path.',
    ],
    [
      { csv: Array.from({ length: 26 }, (_, index) => row(index)).join('\n') },
      'At most 25 rows per request (this CSV has 26): send a longer list in batches.',
    ],
    [{ csv: 42 }, 'csv must be the CSV file as text.'],
    [{ csv: row(1), userAgent: 'curl' }, 'userAgent must be one of: googlebot-smartphone, browser.'],
  ];
  for (const [body, error] of cases) {
    const res = await request(app)
      .post(PATH)
      .send(body as object);
    expect([res.status, res.body]).toEqual([400, { error }]);
  }
});

test('bad bodies answer 400 with a reason: shape, empty, more than 25 rows, long or invalid URLs, unknown agent', async () => {
  const { app } = await hopsApp();
  const ok = { from: 'https://example.com/a', to: '/b' };
  const cases: Array<[unknown, string]> = [
    [{}, 'Send {"rows": [{"from": "...", "to": "..."}]} with one row per old URL.'],
    [{ rows: 'a,b' }, 'Send {"rows": [{"from": "...", "to": "..."}]} with one row per old URL.'],
    [{ rows: ['a'] }, 'Each row must be {"from": "...", "to": "..."}.'],
    [{ rows: [{ from: 'https://example.com/a' }] }, 'Each row needs "from" and "to" as text.'],
    [{ rows: [] }, 'Please enter at least one row: old URL, new URL.'],
    [{ rows: Array.from({ length: 26 }, () => ok) }, 'At most 25 rows per request: send a longer list in batches.'],
    [
      { rows: [ok, { from: `https://example.com/${'a'.repeat(2048)}`, to: '/b' }] },
      'Row 2: URLs are limited to 2048 characters.',
    ],
    [{ rows: [{ from: 'a b c', to: '/b' }] }, 'Row 1: the old URL "a b c" is not a valid http or https URL.'],
    [
      { rows: [{ from: 'ftp://example.com/a', to: '/b' }] },
      'Row 1: the old URL "ftp://example.com/a" is not a valid http or https URL.',
    ],
    [
      { rows: [{ from: 'https://example.com/a', to: 'mailto:x@example.com' }] },
      'Row 1: the new URL "mailto:x@example.com" is not a valid URL or /path.',
    ],
    [{ rows: [ok], userAgent: 'curl' }, 'userAgent must be one of: googlebot-smartphone, browser.'],
  ];
  for (const [body, error] of cases) {
    const res = await request(app)
      .post(PATH)
      .send(body as object);
    expect([res.status, res.body]).toEqual([400, { error }]);
  }
});

test(`the migration endpoint has its own per-IP quota (${MIGRATION_RATE_LIMIT.limit} batches a minute); malformed requests spend none`, async () => {
  const { app, site } = await hopsApp();
  for (let index = 0; index < 3; index += 1) expect((await request(app).post(PATH).send({})).status).toBe(400);
  const rows = [{ from: `${site.origin}/final`, to: `${site.origin}/final` }];
  for (let index = 0; index < MIGRATION_RATE_LIMIT.limit; index += 1)
    expect((await request(app).post(PATH).send({ rows, userAgent: 'browser' })).status).toBe(200);
  const limited = await request(app).post(PATH).send({ rows, userAgent: 'browser' });
  expect([limited.status, limited.body]).toEqual([
    429,
    { error: 'Too many requests. Please wait a moment and try again.' },
  ]);
});

test('at the request deadline unfinished checks come back timed out; a client that leaves stops the checks', async () => {
  const site = await startBulkCheckSite();
  onTestFinished(() => site.close());
  const { app, close } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, BULK_CHECK_DEADLINE_MS: '1' },
    assets: apiOnlyAssets,
  });
  onTestFinished(close);
  const res = await request(app)
    .post(PATH)
    .send({ rows: [{ from: `${site.origin}/hang`, to: `${site.origin}/ok` }], userAgent: 'browser' });
  expect(res.body.results[0]).toMatchObject({
    matches: false,
    finalUrl: null,
    status: null,
    checks: [
      {
        state: 'timed-out',
        error: 'Not checked: the list took longer than 0.001 seconds. Check fewer URLs at a time.',
      },
    ],
  });
  const patient = await createTestApp({ env: { FETCH_ALLOW_PRIVATE: site.hostPort }, assets: apiOnlyAssets });
  onTestFinished(patient.close);
  await disconnectDuringCheck(patient.app, PATH, { rows: [{ from: `${site.origin}/hang`, to: '/ok' }] }, site);
});
