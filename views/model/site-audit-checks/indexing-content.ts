import type { IssueType } from '../site-audit.ts';

/** Site audit checks of the "indexing-content" group. */
export const indexingContentIssueTypes: readonly IssueType[] = [];
