import { expect, test } from 'vitest';
import { accessibilityIssueTypes } from '#views/model/site-audit-checks/accessibility.ts';
import { prose } from '#test/fixtures/audit-pages.ts';
import { ok, type FixtureSite } from '#test/fixtures/crawl-site.ts';
import { auditFixture, issuePaths } from '#test/helpers/site-audit.ts';

/*
 * axe-core's WCAG A/AA rules on each rendered page, grouped into the audit's accessibility issue types:
 * each planted failure is found on its page with its element, and the clean page has none.
 */

const page = (path: string, body: string) =>
  ok(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Access ${path}</title></head><body><main><h1>Access ${path}</h1><p>${prose(path, 230)}</p>${body}<p><a href="/">Home</a> <a href="/image">Image</a> <a href="/form">Form</a> <a href="/contrast">Contrast</a> <a href="/controls">Controls</a></p></main></body></html>`,
  );

const PAGES: Record<string, string> = {
  '/': '<p><img src="/logo.png" alt="The shop’s logo"> <label>Your e-mail <input type="email" name="email"></label> <button>Send</button></p>',
  '/image': '<p><img src="/photo.png"></p>',
  '/form': '<form><input type="text" name="q"></form>',
  '/contrast': '<p style="color: #bbbbbb; background: #ffffff">Pale grey words on white.</p>',
  // Written by the page's script: only the rendered DOM has them.
  '/controls':
    '<div id="controls"></div><script>document.getElementById("controls").innerHTML = \'<button class="icon"></button> <a href="/image" class="icon-link"></a>\';</script>',
};

const site: FixtureSite = (path) => (path in PAGES ? page(path, PAGES[path]) : undefined);

test('axe-core finds each planted WCAG failure on its page, with the failing element, and nothing on the clean page', async () => {
  const outcome = await auditFixture(site, { render: {} });
  const origin = outcome.site.origin;
  const found = issuePaths(outcome, origin);
  expect(Object.fromEntries(accessibilityIssueTypes.map(({ type }) => [type, found[type] ?? []]))).toEqual({
    'a11y-image-alt': ['/image'],
    'a11y-form-labels': ['/form'],
    'a11y-contrast': ['/contrast'],
    'a11y-button-name': ['/controls'],
    'a11y-link-name': ['/controls'],
    'a11y-other': [],
  });
  const detail = (type: string, path: string) =>
    outcome.issues.find((issue) => issue.type === type && issue.url === origin + path)?.detail;
  expect(detail('a11y-image-alt', '/image')).toBe('image-alt (critical): 1 element, first img <img src="/photo.png">');
  expect(detail('a11y-button-name', '/controls')).toBe(
    'button-name (critical): 1 element, first button <button class="icon"></button>',
  );
  expect(detail('a11y-contrast', '/contrast')).toMatch(/^color-contrast \(serious\): 1 element, first /);
});
