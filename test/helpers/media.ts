import { onTestFinished } from 'vitest';
import { startMediaUpstreams, type MediaUpstreams } from '#test/fixtures/media-upstream/index.ts';
import { createTestApp, type TestApp } from './app.ts';

/** An app whose YouTube/Pinterest/Instagram origins are loopback fixtures, closed after the test. */
export async function createMediaTestApp(
  env: Record<string, string> = {},
): Promise<TestApp & { upstreams: MediaUpstreams }> {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  return { ...createTestApp({ env: { ...upstreams.env, ...env } }), upstreams };
}
