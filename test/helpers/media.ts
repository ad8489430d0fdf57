import { onTestFinished } from 'vitest';
import { startMediaUpstreams, type MediaUpstreams } from '#test/fixtures/media-upstream/index.ts';
import { createTestApp, type TestApp } from './app.ts';

/** An app whose YouTube/Pinterest/Instagram origins are loopback fixtures, closed after the test. */
export async function createMediaTestApp(
  env: Record<string, string> = {},
): Promise<TestApp & { upstreams: MediaUpstreams }> {
  const upstreams = await startMediaUpstreams();
  onTestFinished(() => upstreams.close());
  const testApp = await createTestApp({ env: { ...upstreams.env, ...env } });
  onTestFinished(testApp.close);
  return { ...testApp, upstreams };
}
