import type { AppDeps, Feature } from '#server/deps.ts';
import { pages } from '#server/pages/routes.ts';
import { toolsHubRouter } from './router.ts';

/** The tools hub's list API: the tools whose pages the route table has. */
export function toolsHubFeature(_deps: AppDeps): Feature {
  return { api: toolsHubRouter(new Set(pages.map((page) => page.path))) };
}
