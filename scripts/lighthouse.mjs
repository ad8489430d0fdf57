// `npm run lighthouse [-- /path ...] [-- --min=0.95]`: builds if needed, starts the built server on a
// free loopback port with a throwaway DATA_DIR, and runs Lighthouse (mobile, default throttling) in
// Debian's Chromium against each content page, printing performance / accessibility /
// best-practices / SEO. With --min, exits 1 when any score is below it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from './bench/lib/server.mjs';

const defaultPaths = [
  '/',
  '/about',
  '/seo-services-delhi',
  '/seo-services-rohini',
  '/seo-services-noida',
  '/seo-services-laxmi-nagar',
  '/seo-company-janakpuri',
  '/seo-guides',
  '/digital-marketing',
  '/career-guidance',
  '/google-core-updates',
  // Posts (issue 27): the guides below and the core-updates log (a Markdown table).
  '/google-core-updates/core-updates-log',
  '/seo-optimized-page',
  '/seo-packages',
  '/case-studies',
  '/privacy-policy',
  '/disclaimer',
  '/terms-and-conditions',
  '/contact-me',
  '/write-for-us',
  '/sitemap',
  '/try-free-tools',
  ...[
    'google-business-profile-local-seo',
    'technical-seo-checklist',
    'keyword-research-indian-market',
    'link-building-without-spam',
    'core-web-vitals',
    'site-migration-redirects',
  ].map((slug) => `/seo-guides/${slug}`),
];
const args = process.argv.slice(2);
const minArg = args.find((arg) => arg.startsWith('--min='));
const min = minArg ? Number(minArg.slice(6)) : undefined;
const paths = args.filter((arg) => arg.startsWith('/'));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const chromePath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (!chromePath) {
  console.error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
// A real profile, as an operator runs it (startBuiltServer's): the sample is noindex, which Lighthouse's SEO
// audit rightly flags.
const server = await startBuiltServer({ DATA_DIR: dataDir });
const origin = server.url;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let failed = false;
try {
  console.log(`Lighthouse ${'(mobile)'} against ${origin}\n`);
  const pages = paths.length ? paths : defaultPaths;
  const width = Math.max(...pages.map((path) => path.length)) + 2;
  console.log(['page'.padEnd(width), 'perf', 'a11y', 'best', 'seo'].join('  '));
  for (const path of pages) {
    // A busy machine occasionally makes a run fail outright (e.g. NO_FCP); retry those, not low scores.
    let result;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      if (!result?.lhr.runtimeError) break;
    }
    const error = result?.lhr.runtimeError;
    const scores = categories.map((id) => result?.lhr.categories[id]?.score ?? 0);
    if (error || (min !== undefined && scores.some((score) => score < min))) failed = true;
    const cells = error ? [`error: ${error.code}`] : scores.map((score) => score.toFixed(2).padStart(4));
    console.log([path.padEnd(width), ...cells].join('  '));
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`\nAt least one score is below ${min}.`);
  process.exit(1);
}
