import type { Db } from '#db/index.ts';
import { listArticleSubmissions } from '#db/article-submissions.ts';
import { listContactMessages } from '#db/contact-messages.ts';

/** Every stored field, newest first: what `npm run submissions -- --json` prints. */
export function submissionsJson(db: Db) {
  return { contact: listContactMessages(db), articles: listArticleSubmissions(db) };
}

/**
 * One line per cell: newlines and tabs would break the table, and control characters (e.g. ANSI
 * escape sequences a visitor typed) must never reach the operator's terminal. Long text is cut.
 */
function cell(value: string, width: number): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point (stripping what text or XML cannot carry)
  const flat = value.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((value, i) => value.padEnd(widths[i])).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The human-readable report: two tables, newest first, long text shortened. */
export function submissionsTable(db: Db): string {
  const { contact, articles } = submissionsJson(db);
  const contactPart = contact.length
    ? table(
        ['ID', 'RECEIVED (UTC)', 'NAME', 'EMAIL', 'MESSAGE'],
        contact.map((row) => [String(row.id), row.createdAt, cell(row.name, 30), cell(row.email, 40), cell(row.message, 60)]),
      )
    : 'No contact messages yet.';
  const articlePart = articles.length
    ? table(
        ['ID', 'RECEIVED (UTC)', 'STATUS', 'AUTHOR', 'TITLE', 'CHARS'],
        articles.map((row) => [
          String(row.id),
          row.createdAt,
          row.status,
          cell(row.author, 30),
          cell(row.title, 60),
          String(row.content.length),
        ]),
      )
    : 'No article submissions yet.';
  return [
    `Contact messages (${contact.length}), newest first`,
    contactPart,
    '',
    `Article submissions (${articles.length}), newest first`,
    articlePart,
    '',
  ].join('\n');
}
