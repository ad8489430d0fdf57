import type { DirectoryStatus } from './directories/status.ts';
import { NOT_CHECKED } from './directories/status.ts';

/**
 * What the server hands every page loader (react-router's `requestContext`): data that is not part
 * of the build, such as the link checker's newest results (the server keeps them current).
 */
export interface LoaderContext {
  directoryStatus: DirectoryStatus;
}

export const EMPTY_LOADER_CONTEXT: LoaderContext = { directoryStatus: NOT_CHECKED };

/** The context a loader was given; tests that render without one get the empty context. */
export function loaderContext(context: unknown): LoaderContext {
  return context && typeof context === 'object' && 'directoryStatus' in context
    ? (context as LoaderContext)
    : EMPTY_LOADER_CONTEXT;
}
