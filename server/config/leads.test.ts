import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('neither channel by default; each one as configured, the webhook URL kept exactly', () => {
  expect(loadConfig({}).leadDelivery).toEqual({ webhook: null, email: null });
  expect(
    loadConfig({
      NOTIFY_WEBHOOK_URL: 'http://10.0.0.5:8080/hooks/leads/',
      NOTIFY_WEBHOOK_SECRET: 'k',
      SMTP_URL: 'smtps://leads%40agency.in:pw@smtp.agency.in:465',
      NOTIFY_EMAIL_TO: 'owner@agency.in, sales@agency.in',
      NOTIFY_EMAIL_FROM: 'Leads <leads@agency.in>',
    }).leadDelivery,
  ).toEqual({
    webhook: { url: 'http://10.0.0.5:8080/hooks/leads/', secret: 'k' },
    email: {
      smtpUrl: 'smtps://leads%40agency.in:pw@smtp.agency.in:465',
      to: ['owner@agency.in', 'sales@agency.in'],
      from: 'Leads <leads@agency.in>',
    },
  });
});

test('bad or half-set delivery variables stop boot, one plain line each; SMTP credentials are never echoed', () => {
  expect(
    problemsOf({
      NOTIFY_WEBHOOK_URL: 'hooks.example.com/leads',
      SMTP_URL: 'http://user:hunter2@mail.example.com',
      NOTIFY_EMAIL_TO: 'owner@agency.in, nobody',
    }),
  ).toEqual([
    'NOTIFY_WEBHOOK_URL must be an absolute http(s) URL such as https://crm.example.com/hooks/leads (got "hooks.example.com/leads")',
    'SMTP_URL must start with smtp:// or smtps://',
    'NOTIFY_EMAIL_TO must be a comma list of email addresses ("nobody" is not one) (got "owner@agency.in, nobody")',
  ]);
  expect(problemsOf({ SMTP_URL: 'smtp://u:p@mail.example.com:587' })).toEqual([
    'NOTIFY_EMAIL_TO must be set too: SMTP_URL sends lead emails to these addresses',
  ]);
  expect(problemsOf({ NOTIFY_EMAIL_TO: 'owner@agency.in' })).toEqual([
    'SMTP_URL must be set too: NOTIFY_EMAIL_TO needs an SMTP server to send through',
  ]);
  expect(problemsOf({ NOTIFY_WEBHOOK_SECRET: 'k' })).toEqual([
    'NOTIFY_WEBHOOK_SECRET is set but NOTIFY_WEBHOOK_URL is not: set the URL to sign deliveries to',
  ]);
  expect(
    problemsOf({ SMTP_URL: 'smtp://u:p@mail.example.com', NOTIFY_EMAIL_TO: 'o@agency.in', NOTIFY_EMAIL_FROM: 'Leads' }),
  ).toEqual([
    'NOTIFY_EMAIL_FROM must be an email address, or a name and address such as Leads <leads@example.com> (got "Leads")',
  ]);
  expect(problemsOf({ SMTP_URL: 'not a url with secret-pw' }).join('\n')).not.toContain('secret-pw');
});

test("lead addresses follow the site's one e-mail rule: plain mailboxes, kept canonical", () => {
  const smtp = { SMTP_URL: 'smtp://u:p@mail.example.com' };
  expect(
    loadConfig({ ...smtp, NOTIFY_EMAIL_TO: 'Owner@Agency.IN, sales@bücher.example' }).leadDelivery.email?.to,
  ).toEqual(['Owner@agency.in', 'sales@xn--bcher-kva.example']);
  for (const bad of ['(1)owner@agency.in', 'x:owner@agency.in;', 'owner@agency.in.', '"owner"@agency.in'])
    expect(problemsOf({ ...smtp, NOTIFY_EMAIL_TO: bad })).toEqual([
      `NOTIFY_EMAIL_TO must be a comma list of email addresses (${JSON.stringify(bad)} is not one) (got ${JSON.stringify(bad)})`,
    ]);
  expect(
    problemsOf({ ...smtp, NOTIFY_EMAIL_TO: 'o@agency.in', NOTIFY_EMAIL_FROM: 'Leads <(x)leads@agency.in>' }),
  ).toEqual([
    'NOTIFY_EMAIL_FROM must be an email address, or a name and address such as Leads <leads@example.com> (got "Leads <(x)leads@agency.in>")',
  ]);
});
