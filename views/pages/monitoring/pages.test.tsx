import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { nuCheck } from '#test/helpers/nu-checker.ts';
import { MonitoringPanel } from '#views/tools/site-audit/MonitoringPanel.tsx';
import ConfirmWidget from './ConfirmWidget.tsx';
import { sampleHistory, sampleMonitor, SAMPLE_VERIFICATION } from './fixtures.ts';
import ManageWidget from './ManageWidget.tsx';
import UnsubscribeWidget from './UnsubscribeWidget.tsx';
import WatchWidget from './WatchWidget.tsx';
import type { WatchChoices } from './model.ts';

/** What a reader sees: the markup's text, tags dropped and entities read. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const manage = (overrides = {}) =>
  renderToStaticMarkup(<ManageWidget token="tok/manage" monitor={sampleMonitor(overrides)} />);

test('the manage page shows the site, state, runs newest first with their regressions, trend and report links', () => {
  const html = manage();
  const seen = text(html);
  expect(seen).toContain('https://shop.example/');
  expect(seen).toContain('Active Checked every week; next check 4 Dec 2026, 2:30 pm IST.');
  expect(seen).toContain('Alerts go to owner@shop.example');
  // Newest first, each with its regressions and fixed count.
  const runs = text(html.slice(html.indexOf('<ol class="monitor-runs"')));
  const order = ['27 Nov 2026, 2:30 pm IST', '20 Nov 2026, 2:30 pm IST', '13 Nov 2026, 2:30 pm IST'].map((at) =>
    runs.indexOf(at),
  );
  expect(order.every((at, index) => at > 0 && (index === 0 || at > order[index - 1]!))).toBe(true);
  expect(seen).toContain('Check now · score 71 · 3 regressions · 1 fixed');
  expect(seen).toContain(
    'Broken internal link : https://shop.example/ → https://shop.example/gone (link text “Spring sale”)',
  );
  expect(seen).toContain('Missing title : https://shop.example/about');
  expect(seen).toContain('Score fell from 90 to 71 (down 19 points)');
  expect(seen).toContain('Start page unreachable: https://shop.example/ answered HTTP 503');
  expect(html).toContain('href="/site-audit/audit-3"');
  expect(html).toContain('href="/site-audit/audit-1"');
  // The trend: the site's history (the owner's audit before the checks), an inline SVG with its words.
  expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Score trend\. Score 64 on 6 Nov 2026, 2:30 pm IST, 71/);
  expect(html).toContain('points="0,18.4 120,8 240,15.6"');
  expect(seen).toContain('over 3 audits of this site: 2 checks by monitoring, 1 run by hand.');
  // Settings show the monitor's values.
  expect(html).toContain('<input type="radio" name="monitor-schedule" checked="" value="weekly"/>');
  expect(html).toMatch(/id="monitor-score-drop"[^>]*value="5"/);
  expect(seen).toContain('Pause monitoring');
  expect(seen).not.toContain('Verify now');
});

test('an unverified monitor shows the exact tag and file with "Verify now", and "Check now" waits', () => {
  // Made from a report, not yet checked: the trend is that report's history, a single audit so far.
  const html = manage({ verified: false, nextRunAt: null, runs: [], history: sampleHistory().slice(0, 1) });
  const seen = text(html);
  expect(seen).toContain('Score 64 on 6 Nov 2026, 2:30 pm IST. No checks yet.');
  expect(seen).toContain('Waiting for site verification');
  expect(seen).toContain(SAMPLE_VERIFICATION.meta);
  expect(seen).toContain('https://shop.example/tok_Abc123.html');
  expect(seen).toContain(SAMPLE_VERIFICATION.file.content);
  expect(seen).toContain('Verify now');
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Check now<\/button>/);
  expect(seen).toContain('No checks yet.');
});

test('a run under way when the page opens shows the page busy', () => {
  const [latest, ...older] = sampleMonitor().runs;
  const html = manage({ runs: [{ ...latest!, status: 'running', score: null, regressions: [] }, ...older] });
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Checking…<\/button>/);
  expect(text(html)).toContain('Checking your site now');
  expect(text(html)).toContain('Running now · Watch the audit');
});

test('a paused monitor offers to resume', () => {
  const seen = text(manage({ status: 'paused' }));
  expect(seen).toContain('Paused No checks run and no emails are sent until you resume.');
  expect(seen).toContain('Resume monitoring');
});

test('"Monitor this site" asks for an address and a schedule, then shows the tag, the file and the mail on its way', () => {
  const form = renderToStaticMarkup(<MonitoringPanel url="https://shop.example/" auditId="a1" idPrefix="site-audit" />);
  expect(text(form)).toContain('Monitor this site');
  expect(form).toMatch(/<label for="site-audit-monitor-email">Email address<\/label>/);
  expect(form).toMatch(/<input id="site-audit-monitor-email" type="email"/);
  expect(text(form)).toMatch(/How often Daily Weekly Monthly/);
  expect(form).toMatch(/<label for="site-audit-monitor-webhook">Webhook URL \(optional\)<\/label>/);

  const created = renderToStaticMarkup(
    <MonitoringPanel
      url="https://shop.example/"
      auditId="a1"
      idPrefix="site-audit"
      created={{
        email: 'owner@shop.example',
        monitor: { id: 'm', status: 'unconfirmed', verification: SAMPLE_VERIFICATION },
      }}
    />,
  );
  const seen = text(created);
  expect(seen).toContain('A confirmation email is on its way to owner@shop.example');
  expect(seen).toContain(SAMPLE_VERIFICATION.meta);
  expect(seen).toContain(SAMPLE_VERIFICATION.file.content);
  expect(seen).toContain('Copy the meta tag');
});

test('the confirmation page says what comes next and links to the monitor', () => {
  const pending = renderToStaticMarkup(
    <ConfirmWidget token="t" confirmed={{ id: 'm1', status: 'active', verified: false, manageToken: 'mt' }} />,
  );
  expect(text(pending)).toContain('Your address is confirmed. One step is left');
  expect(pending).toContain('href="/monitor/m1?token=mt"');
  const active = renderToStaticMarkup(
    <ConfirmWidget token="t" confirmed={{ id: 'm1', status: 'active', verified: true, manageToken: 'mt' }} />,
  );
  expect(text(active)).toContain('Monitoring is active');
  expect(text(renderToStaticMarkup(<ConfirmWidget token="" />))).toContain('This confirmation link is incomplete.');
});

test('a confirmation link used again says the address is confirmed and points to the mail, with no link of its own', () => {
  const again = renderToStaticMarkup(
    <ConfirmWidget token="t" confirmed={{ id: 'm1', status: 'active', verified: false, alreadyConfirmed: true }} />,
  );
  expect(text(again)).toContain('Your address is already confirmed');
  expect(text(again)).toContain("“Your monitor's page” link in the confirmation email");
  expect(again).not.toContain('href=');
});

test('the unsubscribe page is one button posting the one-click body, and says when it is done', () => {
  const form = renderToStaticMarkup(<UnsubscribeWidget id="m1" token="u t" />);
  expect(form).toContain('action="/api/monitors/m1/unsubscribe?token=u%20t"');
  expect(form).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
  expect(form.match(/<button/g)).toHaveLength(1);
  expect(text(renderToStaticMarkup(<UnsubscribeWidget id="m1" token="t" done />))).toContain('You are unsubscribed');
  expect(text(renderToStaticMarkup(<UnsubscribeWidget id="" token="" />))).toContain('incomplete');
});

test('every state of the pages is valid HTML (Nu checker)', async () => {
  const page = (body: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><main>${body}</main></body></html>`;
  const documents = {
    manage: page(manage()),
    unverified: page(manage({ verified: false, runs: [] })),
    panel: page(renderToStaticMarkup(<MonitoringPanel url="https://a.example/" auditId="a" idPrefix="p" />)),
    created: page(
      renderToStaticMarkup(
        <MonitoringPanel
          url="https://a.example/"
          auditId="a"
          idPrefix="p"
          created={{
            email: 'a@b.example',
            monitor: { id: 'm', status: 'unconfirmed', verification: SAMPLE_VERIFICATION },
          }}
        />,
      ),
    ),
    confirmed: page(
      renderToStaticMarkup(
        <ConfirmWidget token="t" confirmed={{ id: 'm', status: 'active', verified: true, manageToken: 'x' }} />,
      ),
    ),
    again: page(
      renderToStaticMarkup(
        <ConfirmWidget token="t" confirmed={{ id: 'm', status: 'active', verified: true, alreadyConfirmed: true }} />,
      ),
    ),
    unsubscribe: page(renderToStaticMarkup(<UnsubscribeWidget id="m" token="t" />)),
    alerts: page(
      renderToStaticMarkup(
        <WatchWidget id="m" token="t" webhookUrl="https://hooks.example/x" choices={WATCH_CHOICES} error="Bad" />,
      ),
    ),
  };
  expect(await nuCheck(documents)).toEqual(Object.fromEntries(Object.keys(documents).map((name) => [name, []])));
});

const WATCH_CHOICES: WatchChoices = {
  alertFields: ['title', 'status'],
  webhookFormat: 'auto',
  muted: ['https://shop.example/b'],
  pages: ['https://shop.example/', 'https://shop.example/b'],
};

test('"Change alerts" offers the webhook formats only with a webhook, and says when no page is watched yet', () => {
  const without = renderToStaticMarkup(
    <WatchWidget id="m" token="t/x" webhookUrl={null} choices={{ ...WATCH_CHOICES, muted: [], pages: [] }} />,
  );
  expect(without).toContain('action="/monitor/m/watch?token=t%2Fx"');
  expect(without).not.toContain('name="webhookFormat"');
  expect(text(without)).toContain('The watch lists its pages after its first look at the site.');
  const withHook = renderToStaticMarkup(
    <WatchWidget id="m" token="t" webhookUrl="https://hooks.example/x" choices={WATCH_CHOICES} saved />,
  );
  expect(text(withHook)).toContain('Sent to https://hooks.example/x');
  expect(text(withHook)).toContain('1 of 2 pages muted.');
  expect(text(withHook)).toContain('Your alert choices are saved.');
  expect([...withHook.matchAll(/name="webhookFormat"/g)]).toHaveLength(4);
});
