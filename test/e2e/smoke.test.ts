import { expect, test } from 'vitest';
import { inject } from 'vitest';

// The same built server the browser journeys use answers plain HTTP as well.
test('the built server answers health and readiness checks', async () => {
  const base = inject('baseUrl');
  expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
  expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
});
