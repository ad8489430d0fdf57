import type { IssueType } from './define.ts';
import { pageMetaIssueTypes } from './page-meta.ts';
import { indexingContentIssueTypes } from './indexing-content.ts';
import { structuredDataIssueTypes } from './structured-data.ts';
import { resourcesIssueTypes } from './resources.ts';
import { renderingIssueTypes } from './rendering.ts';
import { pageExperienceIssueTypes } from './page-experience.ts';
import { accessibilityIssueTypes } from './accessibility.ts';

/** Every group's checks, in catalogue order. */
export const GROUP_ISSUE_TYPES: readonly IssueType[] = [
  ...pageMetaIssueTypes,
  ...indexingContentIssueTypes,
  ...structuredDataIssueTypes,
  ...resourcesIssueTypes,
  ...renderingIssueTypes,
  ...pageExperienceIssueTypes,
  ...accessibilityIssueTypes,
];
