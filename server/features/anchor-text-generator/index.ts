import type { AppDeps, Feature } from '#server/deps.ts';
import { anchorTextGeneratorRouter } from './router.ts';

/** The bulk anchor text generator (pure logic shared with the page) and its plans. */
export function anchorTextGeneratorFeature(_deps: AppDeps): Feature {
  return { api: anchorTextGeneratorRouter() };
}
