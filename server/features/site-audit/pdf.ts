import type { SiteAuditRow, StoredIssue } from '#db/site-audits.ts';
import { ISSUE_TYPE_BY_ID, type Severity } from '#views/model/site-audit.ts';
import { fixScope, linkedFrom, linkSentence } from '#views/model/site-audit-report.ts';
import { reportTitle, shortUrl } from '#views/model/site-audit-report.ts';
import { scoreExplanation } from '#views/model/site-audit-report.ts';
import { vitalsText, type PageExperienceSection } from '#views/model/page-experience-report.ts';
import { brandContacts, brandHeading, drawLines, PDF_COLOURS, renderPdf } from '#server/lib/pdf/index.ts';
import type { PdfLine, ReportBrand } from '#server/lib/pdf/index.ts';
import { groupIssues, topFixes, type IssueGroup } from './issues.ts';
import { boundedIssueGroups } from './issue-reads.ts';
import type { Db } from '#db/index.ts';

/** URLs printed per issue type, read from the database (no more); the counts are exact and the CSV export has them all. */
export const URLS_PER_ISSUE = 20;
/** Link groups printed per issue type (each names its pages); the CSV export has every link. */
const LINK_GROUPS_PER_ISSUE = 50;

export interface AuditPdfInput {
  audit: SiteAuditRow;
  /** The issue groups with at most URLS_PER_ISSUE URLs each (boundedIssueGroups, issue-reads.ts)… */
  groups?: IssueGroup[];
  /** …or every issue, grouped here (a small audit's, in tests). */
  issues?: StoredIssue[];
  brand: ReportBrand;
  fontPath?: string;
  /** Another title than the audit's own (the monthly client report names its month). */
  title?: string;
  /** Lines printed right after the score (the monthly client report's trend). */
  afterScore?: PdfLine[];
}

const SEVERITY_COLOUR = { error: '#b42318', warning: '#b54708', notice: '#175cd3' } as const;
const { ink: INK, body: BODY, muted: MUTED } = PDF_COLOURS;

interface Summary {
  pages: number;
  /** Scripts and stylesheets (absent in audits stored before they were listed apart). */
  resources?: number;
  score: number;
  errors: number;
  warnings: number;
  notices: number;
}

const count = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * The client report as lines of text: who it is from, the title (domain and date), the score and
 * how it is made, the top fixes, then every issue with its pages, and for link issues each link
 * (where it is, its text, the pages carrying it). Kept apart from drawing so the words can be tested.
 */
export function auditPdfLines(input: Omit<AuditPdfInput, 'fontPath'>): PdfLine[] {
  const { audit, brand } = input;
  const summary = audit.summary as Summary;
  const siteUrl = (audit.report as { siteUrl?: string } | undefined)?.siteUrl;
  const short = (url: string) => shortUrl(url, siteUrl);
  const groups = input.groups ?? groupIssues(input.issues ?? []);
  const lines: PdfLine[] = [];
  const add = (text: string, size: number, colour: string, extra: Partial<PdfLine> = {}) =>
    lines.push({ text, size, colour, ...extra });

  lines.push(...brandHeading(brand));
  add(input.title ?? reportTitle(audit, brand.timeZone), 16, INK, { gap: 1.2 });
  // The scripts and stylesheets are listed apart from the pages, as the report's counts say.
  const resources = summary.resources
    ? ` · ${count(summary.resources, 'script or stylesheet', 'scripts and stylesheets')}`
    : '';
  add(`${audit.url} · ${count(summary.pages, 'URL')} crawled${resources}`, 10, MUTED);
  add(`${summary.score}/100 health score`, 22, INK, { gap: 0.8 });
  add(
    `${count(summary.errors, 'error')} · ${count(summary.warnings, 'warning')} · ${count(summary.notices, 'notice')}`,
    10,
    BODY,
  );
  lines.push(...(input.afterScore ?? []));
  add('How the score works', 11, INK, { gap: 0.8 });
  for (const line of scoreExplanation()) add(line, 9, MUTED);

  add('Top fixes', 13, INK, { gap: 1 });
  add('Errors first, then warnings, then notices; within each, the problem on the most pages first.', 9, MUTED);
  topFixes(groups).forEach((fix, index) => {
    add(`${index + 1}. ${fix.title} (${fix.severity}, ${fixScope(fix)})`, 10, colour(fix.severity), {
      gap: 0.4,
    });
    add(fix.issue.howToFix, 9, BODY);
  });
  if (groups.length === 0) add('No issues found.', 10, BODY, { gap: 0.4 });
  const experience = (audit.report as { pageExperience?: PageExperienceSection } | undefined)?.pageExperience;
  if (experience) lines.push(...experienceLines(experience, short));

  add('Every issue', 13, INK, { page: true });
  for (const group of groups) {
    const issue = ISSUE_TYPE_BY_ID.get(group.type)!;
    add(`${group.title} · ${group.severity} · ${group.count}`, 11, colour(group.severity), { gap: 0.8 });
    add(issue.description, 9, BODY);
    add(`How to fix: ${issue.howToFix}`, 9, BODY);
    if (group.links) {
      for (const link of group.links.groups.slice(0, LINK_GROUPS_PER_ISSUE)) {
        // "to", not an arrow: the PDF's built-in font (when no font file is set) has no arrow.
        add(`• ${linkSentence(link)}: "${link.anchor || '(no text)'}" to ${short(link.target)}`, 9, INK, {
          gap: 0.2,
        });
        add(`  ${linkedFrom(link, short)}`, 8, MUTED);
      }
      const more = group.links.distinct - Math.min(group.links.groups.length, LINK_GROUPS_PER_ISSUE);
      if (more > 0) add(`… and ${count(more, 'more link')} (see the CSV export).`, 9, MUTED);
      // A link issue's pages are the "linked from" above; a broken URL's own list follows.
      if (!group.links.inbound) continue;
    }
    const listed = group.urls.slice(0, URLS_PER_ISSUE);
    for (const url of listed) add(`• ${url}`, 9, INK);
    if (group.count > listed.length) add(`… and ${group.count - listed.length} more (see the CSV export).`, 9, MUTED);
  }
  add('Want these fixed?', 13, INK, { gap: 1.5 });
  add(`${brand.name} can fix them with you: ${brandContacts(brand, false)}`, 10, BODY);
  return lines;
}

const colour = (severity: Severity) => SEVERITY_COLOUR[severity];

/** A rendered audit's "Page experience" (as the report shows it): pages per grade, the worst pages, the axe rules failing most. */
function experienceLines(section: PageExperienceSection, short: (url: string) => string): PdfLine[] {
  const lines: PdfLine[] = [
    { text: 'Page experience', size: 13, colour: INK, gap: 1 },
    {
      text: `Lab Core Web Vitals of ${count(section.pages, 'rendered page')}, graded with Lighthouse's mobile thresholds.`,
      size: 9,
      colour: MUTED,
    },
  ];
  for (const [name, grades] of [
    ['LCP', section.lcp],
    ['CLS', section.cls],
    ['TBT', section.tbt],
  ] as const)
    lines.push({
      text: `${name}: ${grades.good} good · ${grades['needs-improvement']} need improvement · ${grades.poor} poor`,
      size: 10,
      colour: BODY,
    });
  if (section.worst.length) lines.push({ text: 'Worst pages', size: 11, colour: INK, gap: 0.6 });
  for (const page of section.worst)
    lines.push({ text: `• ${short(page.url)}: ${vitalsText(page)}`, size: 9, colour: INK });
  if (section.axeRules.length)
    lines.push({ text: 'Accessibility rules that fail most', size: 11, colour: INK, gap: 0.6 });
  for (const { rule, pages } of section.axeRules)
    lines.push({ text: `• ${rule} on ${count(pages, 'page')}`, size: 9, colour: INK });
  return lines;
}

/** An audit's issue groups as the PDF prints them: exact counts, the first URLS_PER_ISSUE URLs of each type. */
export function printedIssueGroups(db: Db, id: string): Promise<IssueGroup[]> {
  return boundedIssueGroups(db, id, URLS_PER_ISSUE);
}

/** The client report as a PDF: `auditPdfLines`, drawn in the site's page frame. */
export function renderAuditPdf(input: AuditPdfInput): Promise<Buffer> {
  const title = input.title ?? reportTitle(input.audit, input.brand.timeZone);
  const lines = auditPdfLines(input);
  return renderPdf(
    { title, author: input.brand.name, fontPath: input.fontPath, header: `${input.brand.name} · ${title}` },
    (doc) => drawLines(doc, lines),
  );
}

/** The audit PDF as other features use it (the monthly client report): its groups read, its lines, the file. */
export const auditPdf = { groups: printedIssueGroups, lines: auditPdfLines, render: renderAuditPdf };
