import type { Guide } from '../guide-types.ts';

export const coreWebVitals: Guide = {
  slug: 'core-web-vitals',
  title: 'Core Web Vitals Explained: LCP, INP and CLS, and How to Fix Them',
  description:
    'What LCP, INP and CLS measure, the thresholds Google uses, how field and lab data differ, and the fixes that help most on Indian mobile networks.',
  keywords: ['core web vitals', 'lcp inp cls', 'page speed seo', 'website speed india', 'pagespeed insights'],
  heading: 'Core Web Vitals explained, and the fixes that help most',
  summary:
    "Core Web Vitals are Google's measures of how a page feels to real visitors: how fast the main content appears, how quickly the page responds to taps, and whether things jump around. Here is what each one means and what usually fixes it.",
  published: '2026-11-23',
  reviewed: '2026-11-23',
  sections: [
    {
      id: 'what',
      heading: 'The three measures and their thresholds',
      paragraphs: [
        'Google uses three Core Web Vitals, each judged at the 75th percentile of real page visits, separately for mobile and desktop. A page passes when at least three out of four visits are within the "good" limit.',
      ],
      list: {
        items: [
          'Largest Contentful Paint (LCP): when the biggest image or text block in the first screen has rendered. Good is 2.5 seconds or less; over 4 seconds is poor.',
          'Interaction to Next Paint (INP): how long the page takes to respond visibly to taps, clicks and key presses, across the whole visit. Good is 200 milliseconds or less; over 500 is poor. INP replaced First Input Delay in March 2024.',
          'Cumulative Layout Shift (CLS): how much visible content moves unexpectedly while the page is in use. Good is 0.1 or less; over 0.25 is poor.',
        ],
      },
    },
    {
      id: 'field-lab',
      heading: 'Field data and lab data are different things',
      paragraphs: [
        "Field data comes from real Chrome users (the Chrome UX Report) and is what Search Console's Core Web Vitals report and the top of PageSpeed Insights show. Lab data comes from a single simulated load, such as the Lighthouse score lower down in PageSpeed Insights. Lab tests are good for finding causes and checking a fix before release; field data is what your visitors actually experienced. A site with few visitors may have no field data at all, and then the lab test is all you have.",
        "Core Web Vitals are one part of Google's page experience signals. A fast page with weak content will not outrank a slower page that answers the search far better, but among similar pages, and for the people who leave a slow page before it loads, speed matters.",
      ],
    },
    {
      id: 'india',
      heading: 'Test the way your visitors browse',
      paragraphs: [
        'Many Indian visitors browse on mid-range Android phones over 4G that slows down in crowded areas and inside buildings. A page that feels instant on office Wi-Fi and a new laptop can take many seconds on such a phone. Use the mobile results, test with Chrome DevTools network and CPU throttling, and try your own site on an inexpensive phone now and then.',
      ],
    },
    {
      id: 'lcp',
      heading: 'Fixing a slow Largest Contentful Paint',
      paragraphs: [
        'The LCP element is usually the hero image or the main heading. Find it in PageSpeed Insights, then work on the chain that delays it: server response time, render-blocking CSS and JavaScript, and the size of the element itself.',
      ],
      list: {
        items: [
          'Serve images in WebP or AVIF at the size they are displayed, and compress them; a hero photo rarely needs more than 150 to 200 KB.',
          'Do not lazy-load the LCP image; give it fetchpriority="high" or preload it.',
          'Cache pages and assets, and use a CDN with servers in India if your host is abroad.',
          'Inline the small amount of CSS needed for the first screen and defer the rest; load fonts with font-display: swap.',
          'Move chat widgets, analytics tags and sliders out of the critical path.',
        ],
      },
    },
    {
      id: 'inp',
      heading: 'Fixing a poor Interaction to Next Paint',
      paragraphs: [
        'Poor INP almost always means too much JavaScript running on the main thread. Each tap has to wait for whatever script is running to finish. Remove plugins and third-party tags you do not need, load the rest after the page is interactive, and break long tasks into smaller pieces. Page builders and theme frameworks that ship large bundles to every page are frequent offenders; a lighter theme often fixes INP on its own.',
      ],
    },
    {
      id: 'cls',
      heading: 'Fixing layout shifts',
      paragraphs: [
        'Content jumps when something without a reserved space appears above it. Give every image and video width and height attributes (or an aspect-ratio in CSS), reserve space for ad slots and embeds, avoid inserting banners above existing content after load, and use fonts whose fallback has similar metrics so text does not reflow when the web font arrives.',
      ],
    },
    {
      id: 'process',
      heading: 'A sensible order of work',
      paragraphs: [],
      list: {
        ordered: true,
        items: [
          "Open Search Console's Core Web Vitals report and note which groups of URLs fail, on mobile first.",
          'Pick the template behind the largest group (often the product or blog template) and test one URL in PageSpeed Insights.',
          'Fix the biggest cause, deploy, and confirm in the lab test.',
          'Wait for field data to catch up: the report covers the previous 28 days, so improvements show gradually.',
          'Add a speed check to your release routine so that a new plugin or banner does not undo the work.',
        ],
      },
    },
  ],
  tools: [
    {
      href: '/image-compressor',
      label: 'Image Compressor',
      why: 'make heavy images smaller before they reach your pages',
    },
    { href: '/seo-audit', label: 'Free SEO Audit', why: 'a page speed score alongside on-page checks for one URL' },
    {
      href: '/mobile-friendly-tester-tool',
      label: 'Mobile-Friendly Tester',
      why: 'how the page behaves on a phone-sized screen',
    },
  ],
  related: ['technical-seo-checklist', 'site-migration-redirects'],
};
