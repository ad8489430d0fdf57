import type { SiteAuditRow, StoredIssue } from '#db/site-audits.ts';
import { ISSUE_TYPE_BY_ID } from '#views/model/site-audit.ts';
import type { ReportBrand } from './branding.ts';
import { groupIssues, topFixes } from './issues.ts';

/** URLs printed per issue type; the CSV export has them all. */
const URLS_PER_ISSUE = 100;

export interface AuditPdfInput {
  audit: SiteAuditRow;
  issues: StoredIssue[];
  brand: ReportBrand;
  fontPath?: string;
}

const SEVERITY_COLOUR = { error: '#b42318', warning: '#b54708', notice: '#175cd3' } as const;

/** The client report: who it is from, the score, the top fixes, then every issue with its URLs. */
export async function renderAuditPdf(input: AuditPdfInput): Promise<Buffer> {
  // pdfkit adds ~30 MB of resident memory when imported: loaded on the first PDF, not at boot.
  const { default: PDFDocument } = await import('pdfkit');
  const summary = input.audit.summary as {
    pages: number;
    score: number;
    errors: number;
    warnings: number;
    notices: number;
  };
  const groups = groupIssues(input.issues);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Site audit: ${input.audit.url}`, Author: input.brand.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (input.fontPath) doc.font(input.fontPath);

    doc.fontSize(18).fillColor('#101828').text(input.brand.name);
    doc
      .fontSize(9)
      .fillColor('#475467')
      .text(
        [input.brand.tagline, input.brand.email, input.brand.phone, input.brand.website].filter(Boolean).join(' · '),
      );
    doc.moveDown(1.2).fontSize(16).fillColor('#101828').text('Website SEO audit report');
    doc
      .fontSize(10)
      .fillColor('#475467')
      .text(
        `${input.audit.url} · audited ${(input.audit.finishedAt ?? input.audit.createdAt).slice(0, 10)} · ${summary.pages} URLs crawled`,
      );
    // One font size per line: pdfkit spaces a `continued` line by its last segment, so a big score
    // followed by small words would overprint the line below.
    doc.moveDown(0.8).fontSize(22).fillColor('#101828').text(`${summary.score}/100 health score`);
    doc
      .fontSize(10)
      .fillColor('#344054')
      .text(`${summary.errors} errors · ${summary.warnings} warnings · ${summary.notices} notices`);

    doc.moveDown(1).fontSize(13).fillColor('#101828').text('Top fixes');
    doc
      .fontSize(9)
      .fillColor('#475467')
      .text('Ranked by severity (error 3, warning 2, notice 1) times the number of URLs affected.');
    topFixes(groups).forEach((fix, index) => {
      doc
        .moveDown(0.4)
        .fontSize(10)
        .fillColor(SEVERITY_COLOUR[fix.severity])
        .text(`${index + 1}. ${fix.title} (${fix.severity}, ${fix.count} URL${fix.count === 1 ? '' : 's'})`);
      doc.fontSize(9).fillColor('#344054').text(fix.issue.howToFix);
    });
    if (groups.length === 0) doc.moveDown(0.4).fontSize(10).fillColor('#344054').text('No issues found.');

    doc.addPage().fontSize(13).fillColor('#101828').text('Every issue');
    for (const group of groups) {
      const issue = ISSUE_TYPE_BY_ID.get(group.type)!;
      doc
        .moveDown(0.8)
        .fontSize(11)
        .fillColor(SEVERITY_COLOUR[group.severity])
        .text(`${group.title} · ${group.severity} · ${group.count}`);
      doc.fontSize(9).fillColor('#344054').text(issue.description).text(`How to fix: ${issue.howToFix}`);
      doc.fillColor('#101828');
      for (const url of group.urls.slice(0, URLS_PER_ISSUE)) doc.text(`• ${url}`);
      if (group.urls.length > URLS_PER_ISSUE)
        doc.fillColor('#475467').text(`… and ${group.urls.length - URLS_PER_ISSUE} more (see the CSV export).`);
    }
    doc.end();
  });
}
