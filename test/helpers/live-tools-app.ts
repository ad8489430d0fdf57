import { onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { startLivePagesSite, type LivePagesSite } from '#test/fixtures/live-pages.ts';

/** API tests for the fetching tools need no client build: an empty manifest is enough. */
export const apiOnlyAssets = {
  css: '/x.css',
  shell: '/x.js',
  entry: '/x.js',
  entryImports: [],
  islands: {},
  images: {},
};

/**
 * A test app whose guarded fetcher may reach the live-pages fixture site (and nothing else private);
 * the app is closed when the test ends, the site by the test.
 */
export async function liveToolsApp(
  env: (site: LivePagesSite) => Record<string, string> = () => ({}),
): Promise<{ app: TestApp['app']; site: LivePagesSite }> {
  const site = await startLivePagesSite();
  const { app, close } = await createTestApp({
    env: { FETCH_ALLOW_PRIVATE: site.hostPort, ...env(site) },
    assets: apiOnlyAssets,
  });
  onTestFinished(close);
  return { app, site };
}
