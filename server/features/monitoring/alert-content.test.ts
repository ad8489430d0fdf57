import { Parser } from 'htmlparser2';
import { describe, expect, test } from 'vitest';
import {
  alertEmail,
  alertWebhookBody,
  digestEmail,
  MAIL_LIST_LIMIT,
  monthlyReportEmail,
  WEBHOOK_LIST_LIMIT,
  type AlertInput,
} from './alert-content.ts';
import type { Comparison, Regression } from './regressions.ts';

const SITE = 'https://tools.example.in';
const MONITORED = 'https://shop.example.com/';
const LINKS = {
  reportUrl: `${SITE}/site-audit/a1b2c3`,
  manageUrl: `${SITE}/monitor/m1?token=MANAGE.token`,
  unsubscribeUrl: `${SITE}/monitor/unsubscribe?id=m1&token=UNSUB.token`,
};

const newIssue = (issueId: string, title: string, url: string, link?: [string, string, string]): Regression => ({
  kind: 'new-issue',
  issueId,
  title,
  severity: 'error',
  url,
  ...(link ? { source: link[0], target: link[1], anchor: link[2] } : {}),
});

const COMPARISON: Comparison = {
  regressions: [
    { kind: 'score-drop', from: 92, to: 81, drop: 11 },
    newIssue('status-5xx', 'Internal URL answers 5xx', 'https://shop.example.com/pricing'),
    newIssue('links-broken', 'Page links to a broken internal URL', 'https://shop.example.com/', [
      'https://shop.example.com/',
      'https://shop.example.com/pricing',
      'Our prices',
    ]),
    newIssue('links-broken', 'Page links to a broken internal URL', 'https://shop.example.com/blog', [
      'https://shop.example.com/blog',
      'https://shop.example.com/pricing',
      '',
    ]),
  ],
  fixed: [{ issueId: 'title-missing', url: 'https://shop.example.com/about' }],
  score: 81,
  previousScore: 92,
};

const input = (comparison: Comparison, brandName = 'Delhi SEO Tools'): AlertInput => ({
  siteUrl: SITE,
  monitorUrl: MONITORED,
  comparison,
  brandName,
  timeZone: 'Asia/Kolkata',
  ...LINKS,
});

/** Every text node and every href of an HTML document, as a browser reads them (entities decoded). */
function readHtml(html: string): { text: string; hrefs: string[]; scripts: number } {
  let text = '';
  const hrefs: string[] = [];
  let scripts = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a') hrefs.push(attributes.href);
        if (name === 'script') scripts += 1;
        if (name === 'li' || name === 'p' || name === 'tr' || name === 'h1' || name === 'h2') text += '\n';
      },
      ontext(chunk) {
        text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { text, hrefs, scripts };
}

describe('alertEmail', () => {
  test('lists the score drop and each new problem with its URL, links as page → target', () => {
    const mail = alertEmail(input(COMPARISON));
    expect(mail.subject).toBe('shop.example.com: 3 new problems, score down from 92 to 81');
    expect(mail.text).toBe(
      [
        'Delhi SEO Tools checked https://shop.example.com/ and found something that needs your attention.',
        '',
        'The health score fell from 92 to 81 (down 11 points).',
        '',
        'New problems (3):',
        '',
        'Internal URL answers 5xx (1):',
        '- https://shop.example.com/pricing',
        '',
        'Page links to a broken internal URL (2):',
        '- https://shop.example.com/ → https://shop.example.com/pricing (link text "Our prices")',
        '- https://shop.example.com/blog → https://shop.example.com/pricing',
        '',
        'Also fixed since the check before: 1 problem.',
        '',
        `The full report: ${LINKS.reportUrl}`,
        `Change the schedule, pause or delete this monitor: ${LINKS.manageUrl}`,
        `Stop these emails: ${LINKS.unsubscribeUrl}`,
        '',
        '--',
        `Delhi SEO Tools · ${SITE}`,
        'You get this email because shop.example.com is monitored with this address.',
        '',
      ].join('\n'),
    );
  });

  test('the HTML part says the same, with the report, manage and unsubscribe links and nothing else linked', () => {
    const { html } = alertEmail(input(COMPARISON));
    const read = readHtml(html);
    expect(read.hrefs).toEqual([LINKS.reportUrl, LINKS.manageUrl, LINKS.unsubscribeUrl, SITE]);
    for (const line of [
      'Delhi SEO Tools',
      'The health score fell from 92 to 81 (down 11 points).',
      'New problems (3)',
      'Internal URL answers 5xx (1)',
      'https://shop.example.com/pricing',
      'Page links to a broken internal URL (2)',
      'https://shop.example.com/ → https://shop.example.com/pricing (link text “Our prices”)',
      'https://shop.example.com/blog → https://shop.example.com/pricing',
      'Also fixed since the check before: 1 problem.',
      'See the full report',
      'Unsubscribe',
    ])
      expect(read.text).toContain(line);
  });

  test('a visitor\'s alert offers help, as the report does ("Want these fixed?"), in both parts', () => {
    const helpUrl = `${SITE}/contact-me?site=${encodeURIComponent(MONITORED)}&score=81&audit=a1b2c3`;
    const mail = alertEmail({ ...input(COMPARISON), helpUrl });
    expect(mail.text).toContain(
      'Want these fixed? Send us this report: a consultant reads your site’s audit and replies with what to fix first and what it would take.\n' +
        `Ask for help with this audit: ${helpUrl}\n`,
    );
    const read = readHtml(mail.html);
    expect(read.hrefs).toEqual([LINKS.reportUrl, helpUrl, LINKS.manageUrl, LINKS.unsubscribeUrl, SITE]);
    expect(read.text).toContain('Want these fixed?');
    expect(read.text).toContain('Ask for help with this audit');
    // Without one (a client's alert), nothing offers help.
    expect(alertEmail(input(COMPARISON)).text).not.toContain('Want these fixed?');
  });

  test('markup in a brand name, a URL or a link text is shown as text, never run as HTML', () => {
    const hostile = '<script>alert("x")</script>&<img src=x onerror=alert(1)>';
    const comparison: Comparison = {
      ...COMPARISON,
      regressions: [
        newIssue('links-broken', 'Page links to a broken internal URL', 'https://shop.example.com/"><b>', [
          'https://shop.example.com/"><b>',
          "https://shop.example.com/it's",
          hostile,
        ]),
      ],
    };
    const mail = alertEmail({ ...input(comparison, `Tools ${hostile}`), reportUrl: `${SITE}/r?a=1&b="2"` });
    const read = readHtml(mail.html);
    expect(read.scripts).toBe(0);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(read.text).toContain(`Tools ${hostile}`);
    expect(read.text).toContain(
      `https://shop.example.com/"><b> → https://shop.example.com/it's (link text “${hostile}”)`,
    );
    expect(read.hrefs[0]).toBe(`${SITE}/r?a=1&b="2"`);
  });

  test('the start page down: said first, with its status or the failure', () => {
    const down5xx = alertEmail(
      input({
        regressions: [
          { kind: 'start-page-down', url: MONITORED, status: 503, error: 'The start page answered HTTP 503.' },
        ],
        fixed: [],
        score: null,
        previousScore: 88,
      }),
    );
    expect(down5xx.subject).toBe('shop.example.com: the start page is down');
    expect(down5xx.text.split('\n')[2]).toBe(
      'The start page https://shop.example.com/ answered HTTP 503: visitors get an error.',
    );
    const unreachable = alertEmail(
      input({
        regressions: [
          {
            kind: 'start-page-down',
            url: MONITORED,
            status: null,
            error: 'Could not fetch https://shop.example.com/: connect ECONNREFUSED.',
          },
        ],
        fixed: [],
        score: null,
        previousScore: null,
      }),
    );
    expect(unreachable.text.split('\n')[2]).toBe(
      'The start page https://shop.example.com/ could not be reached (Could not fetch https://shop.example.com/: connect ECONNREFUSED).',
    );
    expect(readHtml(unreachable.html).text).toContain('could not be reached (Could not fetch');
  });

  test(`at most ${MAIL_LIST_LIMIT} problems are written out; the rest are counted`, () => {
    const many = Array.from({ length: MAIL_LIST_LIMIT + 7 }, (_, n) =>
      newIssue('status-4xx', 'Internal URL answers 4xx', `https://shop.example.com/gone-${n}`),
    );
    const mail = alertEmail(input({ regressions: many, fixed: [], score: 50, previousScore: 52 }));
    expect(mail.subject).toBe(`shop.example.com: ${MAIL_LIST_LIMIT + 7} new problems`);
    expect(mail.text).toContain(`Internal URL answers 4xx (${MAIL_LIST_LIMIT}):`);
    expect(mail.text).toContain(`- https://shop.example.com/gone-${MAIL_LIST_LIMIT - 1}\n`);
    expect(mail.text).not.toContain(`gone-${MAIL_LIST_LIMIT}\n`);
    expect(mail.text).toContain('And 7 more problems: the report lists every one.');
    expect(readHtml(mail.html).text).toContain('And 7 more problems: the report lists every one.');
  });
});

describe('alertWebhookBody', () => {
  test('the documented JSON: every regression, the scores and the report, and no signed link', () => {
    const body = alertWebhookBody(input(COMPARISON));
    expect(body).toEqual({
      event: 'monitor.regression',
      site: MONITORED,
      score: 81,
      previousScore: 92,
      regressionCount: 4,
      regressions: COMPARISON.regressions,
      fixedCount: 1,
      reportUrl: LINKS.reportUrl,
      from: { name: 'Delhi SEO Tools', url: SITE },
    });
    const json = JSON.stringify(body);
    expect(json).not.toContain('MANAGE.token');
    expect(json).not.toContain('UNSUB.token');
  });

  test(`at most ${WEBHOOK_LIST_LIMIT} regressions in one body; the count stays exact`, () => {
    const many = Array.from({ length: WEBHOOK_LIST_LIMIT + 1 }, (_, n) =>
      newIssue('status-4xx', 'Internal URL answers 4xx', `https://shop.example.com/gone-${n}`),
    );
    const body = alertWebhookBody(input({ regressions: many, fixed: [], score: 0, previousScore: 100 }));
    expect(body.regressions).toHaveLength(WEBHOOK_LIST_LIMIT);
    expect(body.regressionCount).toBe(WEBHOOK_LIST_LIMIT + 1);
  });
});

describe('digestEmail', () => {
  const base = {
    siteUrl: SITE,
    monitorUrl: MONITORED,
    brandName: 'Delhi SEO Tools',
    timeZone: 'Asia/Kolkata',
    ...LINKS,
  };

  test('the week as a trend: each run with its score, regressions and fixes, and what was fixed', () => {
    const mail = digestEmail({
      ...base,
      runs: [
        { at: '2026-11-20T06:00:00.000Z', score: 74, regressions: 0, fixed: 0 },
        { at: '2026-11-22T06:00:00.000Z', score: null, regressions: 1, fixed: 0 },
        { at: '2026-11-24T06:00:00.000Z', score: 81, regressions: 2, fixed: 5 },
      ],
      fixed: [
        { issueId: 'title-missing', url: 'https://shop.example.com/about' },
        {
          issueId: 'links-broken',
          url: 'https://shop.example.com/',
          source: 'https://shop.example.com/',
          target: 'https://shop.example.com/old',
        },
      ],
    });
    expect(mail.subject).toBe('shop.example.com: weekly summary, score 81 (up from 74)');
    expect(mail.text).toBe(
      [
        'A weekly summary of https://shop.example.com/, from Delhi SEO Tools.',
        '',
        'The health score went up from 74 to 81 over the week.',
        'This week: 3 checks, 3 new problems found, 5 problems fixed, 1 check that could not finish.',
        '',
        'Checks (time, score, new problems, fixed):',
        '- 20 Nov 2026, 11:30 am IST · 74 · 0 · 0',
        '- 22 Nov 2026, 11:30 am IST · did not finish · 1 · 0',
        '- 24 Nov 2026, 11:30 am IST · 81 · 2 · 5',
        '',
        'Fixed (2):',
        '- Missing title: https://shop.example.com/about',
        '- Page links to a broken internal URL: https://shop.example.com/ → https://shop.example.com/old',
        '',
        `The latest report: ${LINKS.reportUrl}`,
        `Change the schedule, pause or delete this monitor, or turn off this summary: ${LINKS.manageUrl}`,
        `Stop these emails: ${LINKS.unsubscribeUrl}`,
        '',
        '--',
        `Delhi SEO Tools · ${SITE}`,
        'You get this weekly summary because shop.example.com is monitored with this address.',
        '',
      ].join('\n'),
    );
    const read = readHtml(mail.html);
    expect(read.hrefs).toEqual([LINKS.reportUrl, LINKS.manageUrl, LINKS.unsubscribeUrl, SITE]);
    for (const line of [
      'The health score went up from 74 to 81 over the week.',
      '22 Nov 2026, 11:30 am ISTdid not finish10',
      'Missing title: https://shop.example.com/about',
    ])
      expect(read.text).toContain(line);
  });

  test('a steady score, a falling one, and a week without any check', () => {
    const at = (day: number, score: number | null) => ({
      at: `2026-11-${day}T06:00:00.000Z`,
      score,
      regressions: 0,
      fixed: 0,
    });
    expect(digestEmail({ ...base, runs: [at(20, 90), at(21, 90)] }).text).toContain(
      'The health score is 90, unchanged over the week.',
    );
    const falling = digestEmail({ ...base, runs: [at(20, 90), at(21, 70)] });
    expect(falling.subject).toBe('shop.example.com: weekly summary, score 70 (down from 90)');
    expect(falling.text).toContain('The health score went down from 90 to 70 over the week.');
    // No run, so no report to link to.
    const { reportUrl: _, ...withoutReport } = base;
    const none = digestEmail({ ...withoutReport, runs: [] });
    expect(none.subject).toBe('shop.example.com: weekly summary');
    expect(none.text).toContain(
      'No check ran this week.\nThis week: 0 checks, 0 new problems found, 0 problems fixed.',
    );
    expect(readHtml(none.html).hrefs).toEqual([LINKS.manageUrl, LINKS.unsubscribeUrl, SITE]);
  });
});

describe('monthlyReportEmail', () => {
  const input = {
    siteUrl: SITE,
    monitorUrl: MONITORED,
    month: '2026-11',
    monthName: 'November 2026',
    trend: 'The health score went up from 74 to 81 in November 2026 (+7).',
    counts: '4 checks · 3 new problems found · 5 problems fixed',
    brand: { name: 'Acme <SEO>', email: 'hi@acme.in', phone: '011 2345 6789', website: 'https://acme.in' },
  };

  test('says what is attached, the month in a sentence, and who to ask', () => {
    const mail = monthlyReportEmail(input);
    expect(mail.subject).toBe('Monthly report for shop.example.com, November 2026');
    expect(mail.text).toBe(
      [
        'Attached is the monthly report for https://shop.example.com/ for November 2026, from Acme <SEO>.',
        '',
        'The health score went up from 74 to 81 in November 2026 (+7).',
        '4 checks · 3 new problems found · 5 problems fixed',
        '',
        'The report lists every problem found at the month’s latest check, with how to fix each one, and the score of every check of the month.',
        '',
        'Questions? Reply to this email or contact Acme <SEO>: hi@acme.in · 011 2345 6789 · https://acme.in',
        '',
        '--',
        `Acme <SEO> · ${SITE}`,
        'You get this report because Acme <SEO> monitors shop.example.com for you.',
        '',
      ].join('\n'),
    );
    const read = readHtml(mail.html);
    expect(read.hrefs).toEqual([SITE]);
    expect(mail.html).not.toContain('<SEO>');
    expect(read.text).toContain('Monthly report for shop.example.com, November 2026');
    expect(read.text).toContain('The health score went up from 74 to 81 in November 2026 (+7).');
  });

  test('with an unsubscribe link, both parts carry it', () => {
    const mail = monthlyReportEmail({ ...input, unsubscribeUrl: LINKS.unsubscribeUrl });
    expect(mail.text).toContain(`Stop these emails: ${LINKS.unsubscribeUrl}\n`);
    expect(readHtml(mail.html).hrefs).toEqual([LINKS.unsubscribeUrl, SITE]);
  });
});
