import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { exportColumns } from '#db/lead-inbox.ts';
import type { InboxKind } from '#views/model/lead-inbox.ts';

const KINDS: InboxKind[] = ['contact', 'articles', 'monitors'];

/** The README's "Admin inbox" section. */
function inboxSection(): string {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Admin inbox');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

test("the README's inbox section lists the CSV export's types and each one's columns, in the export's order", () => {
  const section = inboxSection();
  expect(section).toContain(`/admin/export.csv?type=${KINDS.join('|')}`);
  for (const kind of KINDS) {
    // `- \`contact\`: \`id\`, \`received\`, …` (wrapped over lines).
    const item = new RegExp(`^- \`${kind}\`: ((?:.|\\n  )*)`, 'm').exec(section)?.[1] ?? '';
    const listed = [...item.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    expect(listed, kind).toEqual(exportColumns(kind));
  }
});
