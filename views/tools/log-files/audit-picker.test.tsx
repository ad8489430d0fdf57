import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { TimeZoneContext } from '#views/lib/local-time.ts';
import { AuditPicker } from './AuditPicker.tsx';
import { finishedAudits, type AuditChoice } from './logic.ts';

const audit = (id: string, url: string, status: string, finishedAt: string | null): AuditChoice => ({
  id,
  url,
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  finishedAt,
});
// The visitor's list as GET /api/site-audits gives it: one running, one failed, two finished.
const listed = [
  audit('RunningRunningRunning1', 'https://shop.example.com/', 'running', null),
  audit('OlderOlderOlderOlder01', 'https://www.example.com/', 'done', '2026-11-21T18:45:00.000Z'),
  audit('FailedFailedFailedFai1', 'https://broken.example.com/', 'failed', '2026-11-22T09:00:00.000Z'),
  audit('NewerNewerNewerNewer01', 'https://blog.example.com/news/', 'done', '2026-11-28T20:00:00.000Z'),
];

const render = (audits: AuditChoice[], zone = 'Asia/Kolkata') =>
  renderToStaticMarkup(
    <TimeZoneContext.Provider value={zone}>
      <AuditPicker id={(name) => `log-${name}`} onChange={() => undefined} audits={audits} />
    </TimeZoneContext.Provider>,
  );

const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);

test("the form offers the visitor's finished audits, newest first, by address and date in the site's zone, and a paste choice", () => {
  expect(finishedAudits(listed).map((entry) => entry.id)).toEqual(['NewerNewerNewerNewer01', 'OlderOlderOlderOlder01']);
  const html = render(listed);
  expect(html).toContain('<label for="log-audit-choice">Site audit to compare with (optional)</label>');
  // 20:00 UTC on 28 November is 1:30 am on 29 November in India.
  expect(options(html)).toEqual([
    ['', 'None'],
    ['NewerNewerNewerNewer01', 'blog.example.com/news · 29 Nov 2026, 1:30 am IST'],
    ['OlderOlderOlderOlder01', 'www.example.com · 22 Nov 2026, 12:15 am IST'],
    ['paste', 'Another audit: paste its report link'],
  ]);
  // The zone is the profile's: the same audit in London.
  expect(options(render([listed[3]!], 'Europe/London'))[1]).toEqual([
    'NewerNewerNewerNewer01',
    'blog.example.com/news · 28 Nov 2026, 8:00 pm GMT',
  ]);
});

test('without a finished audit the form keeps only the field for a pasted report link', () => {
  const html = render(listed.filter((entry) => entry.status !== 'done'));
  expect(html).not.toContain('<select');
  expect(html).toContain('<label for="log-audit">Site audit to compare with (optional)</label>');
  expect(html).toContain('placeholder="The report link of a finished site audit"');
});
