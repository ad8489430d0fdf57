import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { trackedSources } from '#test/helpers/source-graph.ts';

/*
 * Decision 0060: every time the site shows (pages, the admin, PDFs, mails) goes through
 * views/model/local-time.ts (views reach it through views/lib/local-time.ts's hooks), in the profile's
 * zone. A time written any other way (UTC by hand, the machine's or the browser's zone) is named here
 * with its file and line.
 */

/** Ways of writing a time that bypass the formatter. */
const BYPASSES: Array<[string, RegExp]> = [
  ['toUTCString', /\.toUTCString\(/],
  ['toLocaleDateString / toLocaleTimeString', /\.toLocale(Date|Time)String\(/],
  ['a date format of its own', /new Intl\.DateTimeFormat\(/],
  ['dateStyle / timeStyle', /\b(dateStyle|timeStyle):/],
  ['a zone fixed to UTC', /timeZone: ['"]UTC['"]/],
  ['an ISO time cut for display', /\.slice\(0, 16\)|replace\('T', ' '\)/],
  ['"UTC" written after a time', /[`'"]\s*UTC[`'":]|\} UTC\b/],
];

/** Times that are not shown to a person, each with why. */
const ALLOWED = new Map<string, string>([
  ['views/model/local-time.ts', 'the formatter itself'],
  ['server/config/profile-schema.ts', 'checks that Intl knows the profile zone'],
  ['server/features/posts/feeds.ts', 'RSS pubDate is RFC 822, in GMT by its standard'],
  ['server/features/sitemap-generator/router.ts', 'Last-Modified header, HTTP-date'],
  ['views/admin/inbox/LeadCard.tsx', 'the UTC instant as a hover title beside the local time (decision 0047)'],
  ['server/features/posts/editor-form.ts', 'the datetime-local field value, in the editor zone by offset'],
]);

test('every shown time goes through views/model/local-time.ts (the profile zone)', () => {
  const offenders: string[] = [];
  for (const file of trackedSources()) {
    if (!/^(views|server|client)\//.test(file) || ALLOWED.has(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const [what, pattern] of BYPASSES)
          if (pattern.test(line)) offenders.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
      });
  }
  expect(offenders).toEqual([]);
});
