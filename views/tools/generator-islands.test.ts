import { expect, test } from 'vitest';
import { bundleForBrowser, serverOnlyInputs } from '#test/helpers/bundle.ts';

// The generator widgets are islands: their chunks must not drag in zod (~450 KB minified, and its
// `new Function` probe trips the site's CSP) or any server/db module.
const WIDGETS = [
  'tools-hub',
  'anchor-text-generator',
  'backlink-generator',
  'about-us-page-generator',
  'whatsapp-chat-link',
  'domain-extractor',
  'canonical-tag-generator',
  'viral-prompts',
].map((slug) => `views/tools/${slug}/Widget.tsx`);

test('generator islands bundle without zod, server or db code, and stay small', async () => {
  const result = await bundleForBrowser(WIDGETS, { minify: true });
  expect(serverOnlyInputs(result.metafile)).toEqual([]);
  // QR codes and the Public Suffix List (the extractor's Root domain output) are loaded on demand.
  const ownCode = result.outputFiles
    .filter((file) => !/qrcode|browser-|root-domain/.test(file.path))
    .reduce((sum, file) => sum + file.contents.byteLength, 0);
  expect(ownCode).toBeLessThan(120_000);
  const extractor = Object.entries(result.metafile.outputs).find(
    ([, output]) => output.entryPoint === 'views/tools/domain-extractor/Widget.tsx',
  )?.[1];
  const imports = (extractor?.imports ?? []).filter((item) => /root-domain/.test(item.path)).map((item) => item.kind);
  expect(imports).toEqual(['dynamic-import']);
});
