import { expect, test } from 'vitest';
import { baseFontSizePx, fixedWidthRules, hasFluidImages, parseCss } from './css.ts';

test('fixed widths outside width media queries are found; those inside are responsive by design', () => {
  const rules = parseCss(`/* .x { width: 2000px } */ .wrap { width: 1200px } .side { min-width: 600PX; }
    .ok { width: 320px } .fluid { width: 100% } @media (min-width: 1200px) { .wrap { width: 1140px } }
    @media print { .page { width: 800px } } @supports (display:grid) { .grid { width: 960px } }`);
  expect(fixedWidthRules(rules)).toEqual([
    '.wrap { width: 1200px }',
    '.side { min-width: 600px }',
    '.grid { width: 960px }',
  ]);
});

test('the base font size comes from html, :root or body, ignoring media blocks', () => {
  expect(baseFontSizePx(parseCss('html { font-size: 10px } body { font-size: 16px !important }'))).toBe(10);
  expect(
    baseFontSizePx(parseCss('body, p { font-size: 1rem } @media (max-width: 400px) { body { font-size: 8px } }')),
  ).toBeNull();
});

test('fluid images need an img rule with max-width 100%', () => {
  expect(hasFluidImages(parseCss('.card img, figure > img { max-width: 100%; height: auto }'))).toBe(true);
  expect(hasFluidImages(parseCss('.imgbox { max-width: 100% } img { width: 50px }'))).toBe(false);
});
