export type Severity = 'error' | 'warning' | 'notice';

/** One issue the site audit reports (views/model/site-audit.ts lists them all). */
export interface IssueType {
  type: string;
  severity: Severity;
  title: string;
  description: string;
  howToFix: string;
}

/** One catalogue entry: id, severity, and the words a person reads. */
export const t = (
  type: string,
  severity: Severity,
  title: string,
  description: string,
  howToFix: string,
): IssueType => ({
  type,
  severity,
  title,
  description,
  howToFix,
});
