import type { DirectoryStatus } from './directories/status.ts';
import { NOT_CHECKED } from './directories/status.ts';
import type { PostsReader } from './model/posts.ts';
import type { MonitorsReader } from './pages/monitoring/model.ts';

/**
 * What the server hands every page loader (react-router's `requestContext`): data that is not part
 * of the build, such as the link checker's newest results (the server keeps them current).
 */
export interface LoaderContext {
  directoryStatus: DirectoryStatus;
  /** Posts (issue 27): the category pages and post pages read them. */
  posts: PostsReader;
  /** Site monitoring (issue 25): the manage page reads one monitor by its id and manage token. */
  monitors?: MonitorsReader;
  /** The shared site audit report's head (issue 37): the site, date and score link previews show. */
  siteAudits?: SiteAuditsReader;
  /** The profile's time zone (decision 0060): the dates a loader writes into the head are in it. */
  timeZone?: string;
}

/** What a shared report's <title> and Open Graph tags name. */
export interface SiteAuditsReader {
  head(id: string): Promise<ReportHeadFacts | undefined>;
}

export interface ReportHeadFacts {
  url: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  summary?: unknown;
}

/** Without a server: no posts at all. */
const NO_POSTS: PostsReader = {
  post: async () => undefined,
  category: async (_category, page) => ({ posts: [], page, pages: 1, total: 0 }),
};

export const EMPTY_LOADER_CONTEXT: LoaderContext = { directoryStatus: NOT_CHECKED, posts: NO_POSTS };

/** The context a loader was given; tests that render without one get the empty context. */
export function loaderContext(context: unknown): LoaderContext {
  return context && typeof context === 'object' && 'directoryStatus' in context
    ? { ...EMPTY_LOADER_CONTEXT, ...(context as Partial<LoaderContext>) }
    : EMPTY_LOADER_CONTEXT;
}
