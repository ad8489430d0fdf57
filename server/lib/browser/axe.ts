import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core's WCAG 2.x level A and AA rules on a rendered page (the site audit's, and any other renderer's):
 * the packaged axe-core (node_modules/axe-core, read once per thread) is injected with evaluate(), which
 * the page's Content-Security-Policy does not apply to, into the page as it was read. Only violations are
 * kept: per rule its impact, how many elements fail, and the first element (its selector and HTML, capped).
 */

/** WCAG 2.0 and 2.1 A and AA rules (axe-core's tags), the level laws and EN 301 549 name; WCAG 2.2's new AA rule (target-size) fails an unstyled browser button, best practices and AAA are left out. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Rules kept per page at most, and characters of a failing element's HTML. */
const MAX_RULES = 30;
const ELEMENT_CHARS = 200;

export interface AxeFinding {
  /** axe-core's rule id, e.g. `image-alt`. */
  rule: string;
  impact: string | null;
  /** Elements that fail it on the page. */
  count: number;
  /** The first failing element: its selector, then its HTML (capped). */
  element: string;
}

let source: string | undefined;
function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

const LOADER_KEY = 'delhi-seo.axe';

/**
 * An init script (a context's, sent to the browser once) that keeps axe-core in each top-level document
 * as a function not yet run: runAxe calls it instead of sending the 650 KB source with every page (its
 * transfer cost about as much as the rules' run; docs/decisions/0056, "Speed"). The function's body is
 * only compiled when called, and the browser reuses the compiled script from document to document, so
 * the page's own start is not slowed.
 */
export function axeLoaderScript(): string {
  return `if (window === window.top) Object.defineProperty(window, Symbol.for('${LOADER_KEY}'), { value: function () {\n${axeSource()}\n} });`;
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[]; html: string }> }>;
}

/** Runs axe-core's WCAG A/AA rules on the page as it is now (loaded by axeLoaderScript, or sent now). */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  // One round trip: the loader is called and the rules run in the same evaluate; only a page without the
  // loader (null) takes a second one, to receive the source.
  let result = await page.evaluate(runInPage, { key: LOADER_KEY, tags: AXE_TAGS });
  if (!result) {
    await page.evaluate(axeSource());
    result = (await page.evaluate(runInPage, { key: '', tags: AXE_TAGS }))!;
  }
  return result.slice(0, MAX_RULES).map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    count: violation.count,
    element: `${violation.target} ${violation.html.replace(/\s+/g, ' ').trim()}`.slice(0, ELEMENT_CHARS),
  }));
}

interface InPageViolation {
  id: string;
  impact: string | null;
  count: number;
  target: string;
  html: string;
}

/** In the page: loads axe-core through the loader named `key` (none: already loaded), runs it; null without the loader. */
async function runInPage({ key, tags }: { key: string; tags: string[] }): Promise<InPageViolation[] | null> {
  const page = window as unknown as Record<symbol, (() => void) | undefined> & {
    axe: { run(context: Document, options: object): Promise<AxeResult> };
  };
  if (key) {
    const load = page[Symbol.for(key)];
    if (!load) return null;
    load.call(window);
  }
  const run = await page.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return run.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    count: violation.nodes.length,
    target: (violation.nodes[0]?.target ?? []).map(String).join(' '),
    html: violation.nodes[0]?.html ?? '',
  }));
}
