import { expect, test } from 'vitest';
import { MOBILE_REPORT_LIMITS } from '#views/model/mobile-test.ts';
import { capRenderedHtml, createDiagnostics, sourceOfStack } from './diagnostics.ts';

test('the lists keep their first entries up to the cap and count the rest; repeats count once', () => {
  const diagnostics = createDiagnostics({ ...MOBILE_REPORT_LIMITS, resources: 2 });
  for (const name of ['a', 'b', 'a', 'c'])
    diagnostics.failed({ url: `https://x.test/${name}.png`, type: 'image', status: 404 });
  diagnostics.robotsBlocked({ url: 'https://x.test/p.js', type: 'script' });
  expect(diagnostics.result()).toEqual({
    failedResources: {
      items: [
        { url: 'https://x.test/a.png', type: 'image', status: 404 },
        { url: 'https://x.test/b.png', type: 'image', status: 404 },
      ],
      total: 3,
    },
    robotsBlocked: { items: [{ url: 'https://x.test/p.js', type: 'script' }], total: 1 },
    consoleErrors: { items: [], total: 0 },
  });
});

test('the rendered HTML is cut at the byte cap on a character boundary, and says it was', () => {
  const html = `<p>${'é'.repeat(10)}</p>`; // 3 + 20 + 4 bytes
  expect(capRenderedHtml({ html, bytes: 27 }, 27)).toEqual({ html, bytes: 27, truncated: false });
  // 3 bytes of `<p>` and 2 whole `é`s fit in 8; the 9th byte would split the third.
  expect(capRenderedHtml({ html, bytes: 27 }, 8)).toEqual({ html: '<p>éé', bytes: 27, truncated: true });
  expect(capRenderedHtml({ html, bytes: 27 }, 9)).toEqual({ html: '<p>ééé', bytes: 27, truncated: true });
  // The page sent only the first characters of a larger document: still marked cut.
  expect(capRenderedHtml({ html: '<p>ab', bytes: 4000 }, 10)).toEqual({ html: '<p>ab', bytes: 4000, truncated: true });
});

test("an exception's source is its stack's first http(s) frame", () => {
  expect(sourceOfStack('TypeError: x\n    at run (https://a.test/app.js:12:7)\n    at https://a.test/:3:1')).toBe(
    'https://a.test/app.js:12:7',
  );
  expect(sourceOfStack('Error: x\n    at <anonymous>:1:1')).toBeUndefined();
  expect(sourceOfStack(undefined)).toBeUndefined();
});

test('console lines: errors only, network noise dropped, each clipped, at most the cap listed', () => {
  const handlers: Record<string, (value: unknown) => void> = {};
  const page = { on: (event: string, handler: (value: unknown) => void) => (handlers[event] = handler) };
  const diagnostics = createDiagnostics({ ...MOBILE_REPORT_LIMITS, consoleLines: 2 });
  diagnostics.watch(page as never);
  const message = (type: string, text: string) => ({
    type: () => type,
    text: () => text,
    location: () => ({ url: 'https://a.test/app.js', lineNumber: 0, columnNumber: 4 }),
  });
  handlers.console(message('warning', 'Deprecated API'));
  handlers.console(message('error', 'Failed to load resource: the server responded with a status of 404 (Not Found)'));
  handlers.console(message('error', 'x'.repeat(1500)));
  handlers.pageerror(Object.assign(new Error('boom'), { stack: 'Error: boom\n    at https://a.test/app.js:9:3' }));
  handlers.console(message('error', 'third'));
  expect(diagnostics.result().consoleErrors).toEqual({
    items: [
      {
        kind: 'console',
        text: `${'x'.repeat(MOBILE_REPORT_LIMITS.consoleLineChars)}…`,
        source: 'https://a.test/app.js:1:5',
      },
      { kind: 'exception', text: 'boom', source: 'https://a.test/app.js:9:3' },
    ],
    total: 3,
  });
});
