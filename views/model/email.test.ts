import { expect, test } from 'vitest';
import { canonicalEmail, isEmail, mailboxKey, MAX_EMAIL_LENGTH } from './email.ts';

test('a plain mailbox is accepted as typed, trimmed, its domain lower-cased', () => {
  expect(canonicalEmail('asha@example.in')).toBe('asha@example.in');
  expect(canonicalEmail('  Asha.Verma+seo@Mail.Example.IN ')).toBe('Asha.Verma+seo@mail.example.in');
  expect(canonicalEmail("o'neil!#$%&*/=?^_`{|}~-@x.in")).toBe("o'neil!#$%&*/=?^_`{|}~-@x.in");
});

test('the spellings a mailer reduces to one mailbox are refused: comments, groups, quotes, names, trailing dots', () => {
  for (const typed of [
    '(1)victim@x.in',
    'victim(1)@x.in',
    'victim@x.in(1)',
    'x:victim@x.in;',
    'x:victim@x.in',
    '"victim"@x.in',
    '"vic tim"@x.in',
    'Victim <victim@x.in>',
    '<victim@x.in>',
    'victim@x.in.',
    'victim@x．in．',
    'victim@x.in,other@y.in',
    'victim@x.in;',
    'victim @x.in',
    'victim@[192.0.2.1]',
    'victim@192.0.2.1',
    'victim@0x7f.1',
    'victim@x%2ein',
    'victim@x＠y.in',
    '.victim@x.in',
    'victim.@x.in',
    'vic..tim@x.in',
    'victim@@x.in',
    '@x.in',
    'victim@',
    'victim@localhost',
    'victim@x..in',
    'victim@-x.in',
    'victim@x-.in',
    'victim@x_y.in',
    'victim@x.i',
    'ví́ctim@x.in',
  ])
    expect(canonicalEmail(typed), typed).toBeNull();
});

test('an international domain is lower-cased and punycoded, the same whichever way it was typed', () => {
  expect(canonicalEmail('asha@Bücher.Example')).toBe('asha@xn--bcher-kva.example');
  expect(canonicalEmail('asha@XN--BCHER-KVA.example')).toBe('asha@xn--bcher-kva.example');
  expect(canonicalEmail('asha@ｂücher.example')).toBe('asha@xn--bcher-kva.example');
});

test(`at most ${MAX_EMAIL_LENGTH} characters, counted after punycode`, () => {
  const local = 'a'.repeat(MAX_EMAIL_LENGTH - '@example.in'.length);
  expect(isEmail(`${local}@example.in`)).toBe(true);
  expect(isEmail(`a${local}@example.in`)).toBe(false);
  expect(isEmail(`${local.slice(0, -6)}@ü.example.in`)).toBe(false);
});

test('the mailbox key folds case, +tags and Gmail dots: what limits count as one inbox', () => {
  expect(mailboxKey('Victim@x.in')).toBe('victim@x.in');
  expect(mailboxKey('victim+1@x.in')).toBe('victim@x.in');
  expect(mailboxKey('+victim@x.in')).toBe('+victim@x.in');
  expect(mailboxKey('v.ic.tim+a@googlemail.com')).toBe('victim@gmail.com');
  expect(mailboxKey('v.ictim@x.in')).toBe('v.ictim@x.in');
});
