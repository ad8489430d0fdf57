import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { PageExperience } from './PageExperience.tsx';

/** The section's text, one line per row or paragraph. */
const text = (html: string) =>
  html
    .replace(/<\/(tr|p|li|h3|h4|caption)>/g, '\n')
    .replace(/<\/t[hd]>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

test('measured: each vital with its thresholds, value and grade in words; axe rules with their first element', () => {
  const html = renderToStaticMarkup(
    <PageExperience
      experience={{
        status: 'measured',
        screen: '360×640',
        vitals: { lcpMs: 3100, cls: 0.12, tbtMs: 650 },
        grades: { lcpMs: 'needs-improvement', cls: 'needs-improvement', tbtMs: 'poor' },
        accessibility: [{ rule: 'image-alt', impact: 'critical', count: 2, element: 'img <img src="/a.png">' }],
      }}
    />,
  );
  expect(text(html).slice(2)).toEqual([
    'Core Web Vitals (lab, mobile thresholds)',
    'Metric | Value | Grade |',
    'LCPgood up to 2.5 s, poor over 4.0 s | 3.1 s | Needs improvement |',
    'CLSgood up to 0.100, poor over 0.250 | 0.120 | Needs improvement |',
    'TBTgood up to 200 ms, poor over 600 ms | 650 ms | Poor |',
    'Accessibility (WCAG 2.1 A and AA, axe-core)',
    'image-alt · critical · 2 elementsimg <img src="/a.png">',
  ]);
});

test('a page painted without content has no LCP value or grade; not measured shows only why', () => {
  const noLcp = renderToStaticMarkup(
    <PageExperience
      experience={{
        status: 'measured',
        screen: '360×640',
        vitals: { lcpMs: null, cls: 0, tbtMs: 0 },
        grades: { lcpMs: null, cls: 'good', tbtMs: 'good' },
        accessibility: [],
      }}
    />,
  );
  expect(text(noLcp)).toContain('LCPgood up to 2.5 s, poor over 4.0 s | Not measured | — |');
  const missing = renderToStaticMarkup(
    <PageExperience experience={{ status: 'not-measured', reason: 'The browser was busy with other pages.' }} />,
  );
  expect(text(missing)).toEqual([
    'Page experience',
    'No lab Core Web Vitals or accessibility results for this page. The browser was busy with other pages.',
  ]);
  expect(missing).not.toContain('<table');
});
