import type { IssueType } from '../site-audit.ts';

/** Site audit checks of the "rendering" group. */
export const renderingIssueTypes: readonly IssueType[] = [];
