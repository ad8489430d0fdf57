import type { IssueType } from '../site-audit.ts';

/** Site audit checks of the "structured-data" group. */
export const structuredDataIssueTypes: readonly IssueType[] = [];
