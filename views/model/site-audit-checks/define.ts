import type { IssueType, Severity } from '../site-audit.ts';

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
