import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { startSmtpFixture } from '#test/fixtures/smtp.ts';
import { createTestApp, type TestApp } from '#test/helpers/app.ts';
import { confirmTokenOf, deliver } from '#test/helpers/monitoring-api.ts';
import { nuCheck } from '#test/helpers/nu-checker.ts';

// The pages against the real API (issue 25): the manage page is server-rendered from the monitor its
// signed link names, and nothing else; the mails' pages are private (noindex).
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function confirmedMonitor() {
  const smtp = await startSmtpFixture();
  cleanup.push(() => smtp.close());
  const made: TestApp = await createTestApp({
    env: { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'operator@agency.test' },
  });
  cleanup.push(() => made.close());
  const created = await request(made.app)
    .post('/api/monitors')
    .send({ url: 'https://shop.example/', email: 'owner@shop.example', schedule: 'monthly' });
  expect(created.status).toBe(202);
  await deliver(made.app);
  const mail = await smtp.nth(1);
  const token = confirmTokenOf(mail.mail.text ?? '');
  const confirmed = await request(made.app).post('/api/monitors/confirm').send({ token });
  expect(confirmed.status).toBe(200);
  return { app: made.app, id: created.body.id as string, manage: confirmed.body.manageToken as string, created };
}

const page = (app: TestApp['app'], path: string) => request(app).get(path).set('Accept', 'text/html');

test('the manage link renders the monitor on the server: site, state, the exact tag, settings; valid HTML', async () => {
  const { app, id, manage, created } = await confirmedMonitor();
  const res = await page(app, `/monitor/${id}?token=${encodeURIComponent(manage)}`);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).not.toMatch(/public/);
  expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(res.text).toContain('<h2 id="monitor-site" class="monitor-url">https://shop.example/</h2>');
  expect(res.text).toContain('Waiting for site verification');
  expect(res.text).toContain('owner@shop.example');
  const meta = (created.body.verification as { meta: string }).meta;
  expect(res.text).toContain(meta.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
  expect(res.text).toContain('<input type="radio" name="monitor-schedule" checked="" value="monthly"/>');
  // The island's props carry the view the pages use, not the server's other fields.
  const props = /<script type="application\/json" data-island-props="">(.*?)<\/script>/.exec(res.text)![1]!;
  expect(Object.keys(JSON.parse(props).monitor).sort()).toEqual([
    'digest',
    'email',
    'history',
    'id',
    'nextRunAt',
    'runs',
    'schedule',
    'scoreDrop',
    'status',
    'url',
    'verification',
    'verified',
    'webhookUrl',
  ]);
  expect(await nuCheck({ manage: res.text })).toEqual({ manage: [] });
});

test("a wrong token or another monitor's id opens nothing (403), a missing token only explains (200); a deleted monitor says so (410)", async () => {
  const { app, id, manage } = await confirmedMonitor();
  const nothing = 'This link does not open a monitor';
  for (const [path, status] of [
    [`/monitor/${id}?token=wrong`, 403],
    [`/monitor/${id}`, 200],
    [`/monitor/AAAAAAAAAAAAAAAAAAAAAA?token=${manage}`, 403],
  ] as const) {
    const res = await page(app, path);
    expect(res.status, path).toBe(status);
    expect(res.text, path).toContain(nothing);
    expect(res.text, path).not.toContain('owner@shop.example');
    expect(res.text, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
  await request(app)
    .delete(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`)
    .expect(204);
  const deleted = await page(app, `/monitor/${id}?token=${encodeURIComponent(manage)}`);
  expect(deleted.status).toBe(410);
  expect(deleted.text).toContain('This monitor has been deleted, with its history');
  expect(deleted.text).not.toContain(nothing);
  expect(await nuCheck({ deleted: deleted.text })).toEqual({ deleted: [] });
});

test('the confirmation and unsubscribe pages are private and change nothing on GET', async () => {
  const { app, id, manage } = await confirmedMonitor();
  for (const path of ['/monitor/confirm?token=abc', `/monitor/unsubscribe?id=${id}&token=abc`]) {
    const res = await page(app, path);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
  const view = await request(app).get(`/api/monitors/${id}?token=${encodeURIComponent(manage)}`);
  expect(view.body.status).toBe('active');
});
