import type { IssueType } from '../site-audit.ts';

/** Site audit checks of the "page-meta" group. */
export const pageMetaIssueTypes: readonly IssueType[] = [];
