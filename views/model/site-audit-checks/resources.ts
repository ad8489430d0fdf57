import type { IssueType } from '../site-audit.ts';

/** Site audit checks of the "resources" group. */
export const resourcesIssueTypes: readonly IssueType[] = [];
