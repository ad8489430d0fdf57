import { expect, test } from 'vitest';
import { problemsOf } from '#test/helpers/config.ts';
import { loadConfig } from './index.ts';

test('an audit analysed from the store reads its pages in its own thread unless told to use reader threads (0 to 8; decision 0073)', () => {
  expect(loadConfig({}).siteAudit.readers).toBe(0);
  expect(loadConfig({ SITE_AUDIT_READERS: '1' }).siteAudit.readers).toBe(1);
  expect(loadConfig({ SITE_AUDIT_READERS: '8' }).siteAudit.readers).toBe(8);
  for (const value of ['9', '-1', 'two'])
    expect(problemsOf({ SITE_AUDIT_READERS: value })).toEqual([expect.stringMatching(/^SITE_AUDIT_READERS /)]);
});
