import { formatMonth } from '#views/model/dates.ts';
import type { Layout } from './columns.ts';
import { sortableKeys } from './columns.ts';
import { adPostCopy, guestPostCopy, socialBookmarkingCopy } from './copy/link-lists.ts';
import {
  articleSubmissionCopy,
  directorySubmissionCopy,
  imageSubmissionCopy,
  videoSubmissionCopy,
} from './copy/submission-lists.ts';
import type { DirectoryCopy } from './copy/types.ts';
import { adPostSites } from './data/ad-post-sites.ts';
import { articleSubmissionSites } from './data/article-submission-sites.ts';
import { directorySubmissionSites } from './data/directory-submission-sites.ts';
import { guestPostSites } from './data/guest-post-sites.ts';
import { imageSubmissionSites } from './data/image-submission-sites.ts';
import { socialBookmarkingSites } from './data/social-bookmarking-sites.ts';
import { videoSubmissionSites } from './data/video-submission-sites.ts';
import { regionsOf, type SortKey } from './logic.ts';
import type { DirectoryList } from './schema.ts';
import { directoryListSchema } from './schema.ts';

export type DirectorySlug =
  | 'ad-post-sites'
  | 'social-bookmarking-sites'
  | 'guest-post-sites'
  | 'article-submission-sites'
  | 'directory-submission-sites'
  | 'image-submission-sites'
  | 'video-submission-sites';

export interface Directory {
  slug: DirectorySlug;
  path: `/${DirectorySlug}`;
  /** Short label for cross-links between the directory pages. */
  label: string;
  layout: Layout;
  /** Rows per page; `null` means one unpaged table. */
  pageSize: number | null;
  /** The page shows at most this many rows (video: the first 20); the CSV has them all. */
  shownLimit: number | null;
  copy: DirectoryCopy;
  list: DirectoryList;
  /** Metric columns that can be sorted: none when the list carries no sourced figures. */
  sortable: SortKey[];
  /** Regions offered by the region filter. */
  regions: string[];
}

interface Definition extends Omit<Directory, 'path' | 'list' | 'sortable' | 'regions'> {
  list: unknown;
}

// Page sizes, the video limit and FAQ counts are spec 2.6 / 9, word for word.
const definitions: Definition[] = [
  {
    slug: 'ad-post-sites',
    label: 'Ad Post Sites',
    layout: 'metrics',
    pageSize: 20,
    shownLimit: null,
    copy: adPostCopy,
    list: adPostSites,
  },
  {
    slug: 'social-bookmarking-sites',
    label: 'Social Bookmarking Sites',
    layout: 'plain',
    pageSize: 20,
    shownLimit: null,
    copy: socialBookmarkingCopy,
    list: socialBookmarkingSites,
  },
  {
    slug: 'guest-post-sites',
    label: 'Guest Post Sites',
    layout: 'plain',
    pageSize: 5,
    shownLimit: null,
    copy: guestPostCopy,
    list: guestPostSites,
  },
  {
    slug: 'article-submission-sites',
    label: 'Article Submission Sites',
    layout: 'plain',
    pageSize: 5,
    shownLimit: null,
    copy: articleSubmissionCopy,
    list: articleSubmissionSites,
  },
  {
    slug: 'directory-submission-sites',
    label: 'Directory Submission Sites',
    layout: 'plain',
    pageSize: 5,
    shownLimit: null,
    copy: directorySubmissionCopy,
    list: directorySubmissionSites,
  },
  {
    slug: 'image-submission-sites',
    label: 'Image Submission Sites',
    layout: 'plain',
    pageSize: 5,
    shownLimit: null,
    copy: imageSubmissionCopy,
    list: imageSubmissionSites,
  },
  {
    slug: 'video-submission-sites',
    label: 'Video Submission Sites',
    layout: 'video',
    pageSize: null,
    shownLimit: 20,
    copy: videoSubmissionCopy,
    list: videoSubmissionSites,
  },
];

/** Parses every list at load, so a bad entry stops the server at boot, not on a page view. */
export const directories: readonly Directory[] = definitions.map((definition) => {
  const result = directoryListSchema.safeParse(definition.list);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Directory data ${definition.slug} is invalid: ${problems}`);
  }
  const list = result.data;
  const sortable = list.metrics ? sortableKeys(definition.layout) : [];
  return { ...definition, path: `/${definition.slug}`, list, sortable, regions: regionsOf(list.sites) };
});

export function findDirectory(slug: string): Directory | undefined {
  return directories.find((directory) => directory.slug === slug);
}

/** The rows a visitor can browse: the whole list, or its first `shownLimit` entries. */
export function browsableSites(directory: Directory): DirectoryList['sites'] {
  const sites = directory.list.sites;
  return directory.shownLimit === null ? sites : sites.slice(0, directory.shownLimit);
}

/** When a list's data was gathered (`2024-06` → `June 2024`). */
export function formatAsOf(asOf: string): string {
  return formatMonth(asOf);
}
