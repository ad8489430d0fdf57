import type { MobileCheck } from '#views/model/mobile-test.ts';
import { pluginsCheck, sample, viewportCheck, zoomCheck } from './checks.ts';
import type { PageMeasurement } from '#server/lib/browser/page-render/measure.ts';

/**
 * The same seven checks as the static test, with what the browser actually drew at 360 CSS px in place
 * of CSS guesses: overflow instead of fixed widths in stylesheets, computed font sizes, measured
 * target boxes and drawn image widths. Each check lists its offending elements in `items`.
 */
export function evaluateRendered(measured: PageMeasurement): MobileCheck[] {
  const overflowPx = measured.scrollWidth - measured.viewportWidth;
  return [
    viewportCheck(measured.viewportMeta),
    {
      id: 'fixed-width',
      title: 'Content fits the screen (no horizontal scrolling)',
      priority: 'high',
      status: overflowPx > 1 || measured.overflowing.length > 0 ? 'fail' : 'pass',
      detail:
        overflowPx > 1 || measured.overflowing.length > 0
          ? `The page is ${measured.scrollWidth}px wide on a ${measured.viewportWidth}px screen${measured.overflowing.length ? `; reaching past the edge: ${sample(measured.overflowing)}` : ''}.`
          : `Nothing reaches past the ${measured.viewportWidth}px screen.`,
      fix: 'Use max-width and percentages (or put desktop widths inside @media (min-width: ...) blocks) so content reflows on small screens.',
      items: measured.overflowing,
    },
    zoomCheck(measured.viewportMeta),
    { ...pluginsCheck(measured.plugins), items: measured.plugins },
    {
      id: 'font-size',
      title: 'Text is legible (12px or larger)',
      priority: 'medium',
      status: measured.smallText.length === 0 ? 'pass' : 'fail',
      detail:
        measured.smallText.length === 0
          ? 'All visible text is drawn at 12px or larger.'
          : `${measured.smallText.length} element(s) draw text below 12px: ${sample(measured.smallText)}.`,
      fix: 'Use at least 16px for body text and avoid font sizes below 12px.',
      items: measured.smallText,
    },
    {
      id: 'responsive-images',
      title: 'Images scale to the screen',
      priority: 'medium',
      status: measured.wideImages.length === 0 ? 'pass' : 'warning',
      detail:
        measured.wideImages.length === 0
          ? 'Every image fits the screen.'
          : `${measured.wideImages.length} image(s) are drawn wider than the screen: ${sample(measured.wideImages)}.`,
      fix: 'Add img { max-width: 100%; height: auto } and offer smaller files with srcset and sizes.',
      items: measured.wideImages,
    },
    {
      id: 'tap-targets',
      title: 'Tap targets are large enough (24 × 24 px)',
      priority: 'low',
      status: measured.smallTargets.length === 0 ? 'pass' : 'warning',
      detail:
        measured.smallTargets.length === 0
          ? 'Every link and button outside running text is at least 24 × 24 CSS px.'
          : `${measured.smallTargets.length} link(s) or control(s) are smaller than 24 × 24 CSS px: ${sample(measured.smallTargets)}.`,
      fix: 'Make links and buttons at least 48x48 CSS px (24px minimum) with spacing between them.',
      items: measured.smallTargets,
    },
  ];
}
