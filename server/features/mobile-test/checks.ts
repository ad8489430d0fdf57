import type { PageFacts } from '#server/lib/page-facts/facts.ts';
import type { MobileCheck } from '#views/model/mobile-test.ts';
import {
  baseFontSizePx,
  FIXED_WIDTH_THRESHOLD_PX,
  fixedWidthRules,
  hasFluidImages,
  MIN_LEGIBLE_FONT_PX,
  parseCss,
  pxValue,
  type CssRule,
} from './css.ts';

function viewportParts(viewport: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (viewport ?? '').split(/[,;]/)) {
    const [key, value] = part.split('=').map((piece) => piece?.trim().toLowerCase());
    if (key) out[key] = value ?? '';
  }
  return out;
}

function inlineDeclarations(style: string): Record<string, string> {
  return parseCss(`x{${style}}`)[0]?.declarations ?? {};
}

export const sample = (items: string[]) =>
  items.slice(0, 3).join('; ') + (items.length > 3 ? `; and ${items.length - 3} more` : '');

/** The viewport meta tag: the page must lay out at the device width. Shared by the static and rendered tests. */
export function viewportCheck(meta: string | null): MobileCheck {
  const deviceWidth = viewportParts(meta).width === 'device-width';
  return {
    id: 'viewport',
    title: 'Viewport set to the device width',
    priority: 'high',
    status: deviceWidth ? 'pass' : 'fail',
    detail:
      meta === null
        ? 'No <meta name="viewport"> tag: phones render the page at desktop width and shrink it.'
        : deviceWidth
          ? `Viewport: "${meta}".`
          : `Viewport "${meta}" does not use width=device-width.`,
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the <head>.',
  };
}

export function zoomCheck(meta: string | null): MobileCheck {
  const viewport = viewportParts(meta);
  const maxScale = viewport['maximum-scale'] === undefined ? null : Number(viewport['maximum-scale']);
  const noZoom =
    viewport['user-scalable'] === 'no' || viewport['user-scalable'] === '0' || (maxScale !== null && maxScale < 5);
  return {
    id: 'zoom',
    title: 'Pinch-zoom is allowed',
    priority: 'high',
    status: noZoom ? 'fail' : 'pass',
    detail: noZoom ? `The viewport blocks zooming (${meta}).` : 'Visitors can zoom in.',
    fix: 'Remove user-scalable=no and any maximum-scale below 5 from the viewport tag.',
  };
}

export function pluginsCheck(plugins: string[]): MobileCheck {
  return {
    id: 'plugins',
    title: 'No browser plugins (Flash, Java, ActiveX)',
    priority: 'high',
    status: plugins.length === 0 ? 'pass' : 'fail',
    detail:
      plugins.length === 0
        ? 'No <object>, <embed> or <applet> elements.'
        : `${plugins.length} plugin element(s): ${sample(plugins)}.`,
    fix: 'Replace plugin content with HTML5 video, audio or images; phones cannot run plugins.',
  };
}

/** Every mobile check from the page facts and the CSS that could be read (inline and same-origin sheets). */
export function evaluateMobile(page: PageFacts, stylesheetTexts: string[]): MobileCheck[] {
  const rules: CssRule[] = [...page.styleBlocks, ...stylesheetTexts].flatMap((css) => parseCss(css));
  const checks: MobileCheck[] = [];

  checks.push(viewportCheck(page.viewport));

  const fixed = [
    ...fixedWidthRules(rules),
    ...page.widthAttributes
      .filter((item) => Number(item.width) > FIXED_WIDTH_THRESHOLD_PX)
      .map((item) => `<${item.tag} width="${item.width}">`),
    ...page.styleAttributes
      .map((item) => ({ tag: item.tag, declarations: inlineDeclarations(item.style) }))
      .flatMap(({ tag, declarations }) =>
        ['width', 'min-width']
          .filter((name) => (pxValue(declarations[name]) ?? 0) > FIXED_WIDTH_THRESHOLD_PX)
          .map((name) => `<${tag} style="${name}: ${declarations[name]}">`),
      ),
  ];
  checks.push({
    id: 'fixed-width',
    title: 'Content fits the screen (no fixed-width layout)',
    priority: 'high',
    status: fixed.length === 0 ? 'pass' : 'fail',
    detail:
      fixed.length === 0
        ? `No widths over ${FIXED_WIDTH_THRESHOLD_PX}px outside media queries.`
        : `Fixed widths wider than a phone: ${sample(fixed)}.`,
    fix: 'Use max-width and percentages (or put desktop widths inside @media (min-width: ...) blocks) so content reflows on small screens.',
  });

  checks.push(zoomCheck(page.viewport));

  checks.push(pluginsCheck(page.plugins.map((item) => `<${item.tag}${item.type ? ` ${item.type}` : ''}>`)));

  const base = baseFontSizePx(rules);
  const tinyInline = page.styleAttributes.filter(
    (item) => (pxValue(inlineDeclarations(item.style)['font-size']) ?? MIN_LEGIBLE_FONT_PX) < MIN_LEGIBLE_FONT_PX,
  ).length;
  const fontFails = base !== null && base < MIN_LEGIBLE_FONT_PX;
  checks.push({
    id: 'font-size',
    title: 'Text is legible (base font 12px or larger)',
    priority: 'medium',
    status: fontFails ? 'fail' : tinyInline > 0 ? 'warning' : 'pass',
    detail: fontFails
      ? `The base font size is ${base}px.`
      : `${base === null ? 'Base font size uses the browser default (16px)' : `Base font size ${base}px`}${tinyInline > 0 ? `; ${tinyInline} element(s) set font-size below ${MIN_LEGIBLE_FONT_PX}px inline` : ''}.`,
    fix: 'Use at least 16px for body text and avoid font sizes below 12px.',
  });

  const wideImages = page.images.filter((image) => !image.srcset && (Number(image.width) || 0) > 600);
  const fluid = hasFluidImages(rules);
  const imagesOk = page.images.length === 0 || fluid || wideImages.length === 0;
  checks.push({
    id: 'responsive-images',
    title: 'Images scale to the screen',
    priority: 'medium',
    status: imagesOk ? 'pass' : 'warning',
    detail:
      page.images.length === 0
        ? 'No images.'
        : imagesOk
          ? fluid
            ? 'Images are limited with max-width: 100%.'
            : 'No wide images without srcset.'
          : `${wideImages.length} image(s) wider than 600px without srcset or a max-width: 100% rule.`,
    fix: 'Add img { max-width: 100%; height: auto } and offer smaller files with srcset and sizes.',
  });

  const smallTargets = page.styleAttributes.filter((item) => {
    if (item.tag !== 'a' && item.tag !== 'button') return false;
    const declarations = inlineDeclarations(item.style);
    return (
      ['height', 'width'].some((name) => (pxValue(declarations[name]) ?? 48) < 24) ||
      (pxValue(declarations['font-size']) ?? 16) < MIN_LEGIBLE_FONT_PX
    );
  }).length;
  checks.push({
    id: 'tap-targets',
    title: 'Tap targets are large enough',
    priority: 'low',
    status: smallTargets === 0 ? 'pass' : 'warning',
    detail:
      smallTargets === 0
        ? 'No links or buttons sized below 24px or 12px text found in the markup.'
        : `${smallTargets} link(s) or button(s) are styled smaller than a finger (under 24px or 12px text).`,
    fix: 'Make links and buttons at least 48x48 CSS px (24px minimum) with spacing between them.',
  });
  return checks;
}

export function isMobileFriendly(checks: MobileCheck[]): boolean {
  return checks.filter((check) => check.priority === 'high').every((check) => check.status === 'pass');
}
