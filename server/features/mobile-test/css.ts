/** Small, forgiving CSS scanner: enough to find fixed widths, base font sizes and fluid images. */

export interface CssRule {
  selector: string;
  declarations: Record<string, string>;
  /** True when the rule sits inside a width- or orientation-conditioned @media block. */
  responsive: boolean;
}

function parseDeclarations(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of block.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    if (name)
      out[name] = part
        .slice(colon + 1)
        .replace(/!important/i, '')
        .trim()
        .toLowerCase();
  }
  return out;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    if (css[index] === '{') depth += 1;
    else if (css[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return css.length;
}

export function parseCss(source: string, responsive = false): CssRule[] {
  const css = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: CssRule[] = [];
  let cursor = 0;
  while (cursor < css.length) {
    const open = css.indexOf('{', cursor);
    if (open < 0) break;
    const prelude = css.slice(cursor, open).trim();
    const close = matchingBrace(css, open);
    const inner = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      const conditioned = /^@media\b/i.test(prelude) && /(width|orientation)/i.test(prelude);
      const printOnly = /^@media\b/i.test(prelude) && /\bprint\b/i.test(prelude) && !/\b(screen|all)\b/i.test(prelude);
      if (!printOnly && /^@(media|supports|layer|container)\b/i.test(prelude))
        rules.push(...parseCss(inner, responsive || conditioned || /^@container/i.test(prelude)));
    } else {
      // Skip statement at-rules (@import x;) that ended up in front of a selector.
      const selector = prelude.replace(/^(@[^;]*;\s*)+/, '').trim();
      rules.push({ selector, declarations: parseDeclarations(inner), responsive });
    }
    cursor = close + 1;
  }
  return rules;
}

export function pxValue(value: string | undefined): number | null {
  const match = /^(-?\d+(?:\.\d+)?)px$/.exec((value ?? '').trim());
  return match ? Number(match[1]) : null;
}

/** Widths a phone (360-414 px wide) cannot show without sideways scrolling. */
export const FIXED_WIDTH_THRESHOLD_PX = 500;
export const MIN_LEGIBLE_FONT_PX = 12;

export function fixedWidthRules(rules: CssRule[]): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    if (rule.responsive) continue;
    for (const property of ['width', 'min-width']) {
      const px = pxValue(rule.declarations[property]);
      if (px !== null && px > FIXED_WIDTH_THRESHOLD_PX) found.push(`${rule.selector} { ${property}: ${px}px }`);
    }
  }
  return found;
}

/** The smallest font-size in px set on html, :root or body outside responsive blocks. */
export function baseFontSizePx(rules: CssRule[]): number | null {
  let smallest: number | null = null;
  for (const rule of rules) {
    if (rule.responsive) continue;
    const selectors = rule.selector.split(',').map((part) => part.trim().toLowerCase());
    if (!selectors.some((selector) => selector === 'html' || selector === 'body' || selector === ':root')) continue;
    const px = pxValue(rule.declarations['font-size']);
    if (px !== null) smallest = smallest === null ? px : Math.min(smallest, px);
  }
  return smallest;
}

export function hasFluidImages(rules: CssRule[]): boolean {
  return rules.some(
    (rule) => /(^|[\s,>])img\b/i.test(rule.selector) && /^100%$|^100vw$/.test(rule.declarations['max-width'] ?? ''),
  );
}
