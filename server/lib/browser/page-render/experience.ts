import { DEFAULT_MOBILE_OPTIONS, MOBILE_DEVICES } from '#views/model/mobile-test.ts';
import type { AuditPageExperience } from '#views/model/seo-audit.ts';
import { gradeVital } from '#views/model/site-audit-checks/page-experience.ts';
import { RenderError } from './render-requests.ts';
import { RendererBusyError, type MobileRenderer } from './renderer.ts';

/*
 * The page experience of one page, for a tool that is not the mobile-friendly test (the one-page SEO
 * audit, docs/decisions/0061): the mobile test's render on its default phone as a phone browser (every
 * request through the guarded fetcher, its time, weight and memory limits), its lab Core Web Vitals graded
 * with the site audit's mobile thresholds and its axe-core findings. Never throws: a page that could not
 * be rendered gets the reason instead of values.
 */

const NOT_RENDERED = 'The page could not be rendered in the browser';

/** Why there are no measurements, in the words the report shows. */
function reasonOf(error: unknown): string {
  if (error instanceof RendererBusyError)
    return 'The browser was busy with other pages, so this page was not rendered. Run the audit again to measure it.';
  if (error instanceof RenderError) {
    if (error.kind === 'cancelled') return 'The audit was cancelled before the page was rendered.';
    return `${NOT_RENDERED}: ${error.message}`;
  }
  // A crashed or killed browser, a refused document: the guard's own words when it gave some.
  return error instanceof Error && error.message ? `${NOT_RENDERED}: ${error.message}` : `${NOT_RENDERED}.`;
}

export async function measurePageExperience(
  renderer: MobileRenderer | undefined,
  url: string,
  signal?: AbortSignal,
): Promise<AuditPageExperience> {
  if (!renderer)
    return {
      status: 'not-measured',
      reason: 'Chromium is not available on this server, so the page was not rendered in a browser.',
    };
  try {
    const rendered = await renderer.render(url, signal, DEFAULT_MOBILE_OPTIONS);
    const { vitals } = rendered;
    // The watch did not run in the document that was read (a frame swapped in): no values to show.
    if (!vitals) return { status: 'not-measured', reason: `${NOT_RENDERED}: its measurements could not be read.` };
    const { width, height } = MOBILE_DEVICES[DEFAULT_MOBILE_OPTIONS.device];
    return {
      status: 'measured',
      screen: `${width}×${height}`,
      vitals,
      grades: {
        lcpMs: vitals.lcpMs === null ? null : gradeVital('lcpMs', vitals.lcpMs),
        cls: gradeVital('cls', vitals.cls),
        tbtMs: gradeVital('tbtMs', vitals.tbtMs),
      },
      accessibility: rendered.accessibility,
      ...(rendered.unsettled ? { unsettled: rendered.unsettled } : {}),
    };
  } catch (error) {
    return { status: 'not-measured', reason: reasonOf(error) };
  }
}
