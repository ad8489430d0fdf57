import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import MobileTesterWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'How does the mobile-friendly test work?',
    answer:
      'It downloads the page and the stylesheets it links on the same site, then checks the viewport tag, fixed widths wider than a phone screen, zoom blocking, base font size, browser plugins, image scaling and tap target sizes.',
  },
  {
    question: 'When is a page called mobile-friendly?',
    answer:
      'When every high-priority check passes: a width=device-width viewport, no fixed-width layout, zoom allowed and no plugins. Medium and low findings such as small fonts or tiny links are shown as things to improve.',
  },
  {
    question: 'Does it run JavaScript or take a screenshot?',
    answer:
      'No. It reads the HTML and CSS the server sends, which is what most mobile problems come from. Layouts built entirely by JavaScript should also be checked in a real phone or in Chrome\'s device mode.',
  },
  {
    question: 'Why does mobile-friendliness matter for SEO?',
    answer:
      'Google indexes the mobile version of pages first, and most local searches in Delhi NCR happen on phones. A page that is hard to use on a phone loses both rankings and customers.',
  },
];

function MobileTesterPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Mobile-Friendly Tester</h1>
        <p className="lead">Check whether a page works on phones: viewport, layout width, zoom, text size, plugins, images and tap targets.</p>
      </header>
      <Island name="tools/mobile-test/Widget" component={MobileTesterWidget} props={{ idPrefix: 'mobile' }} />
      <section className="prose">
        <h2>What each check means</h2>
        <ul>
          <li><strong>Viewport</strong>: without <code>width=device-width</code> phones draw the page at desktop width and shrink it.</li>
          <li><strong>Fixed-width layout</strong>: widths above 500px outside media queries force sideways scrolling.</li>
          <li><strong>Zoom</strong>: <code>user-scalable=no</code> or a low <code>maximum-scale</code> stops people from enlarging text.</li>
          <li><strong>Font size</strong>: body text under 12px is hard to read on a phone.</li>
          <li><strong>Plugins</strong>: Flash, Java and ActiveX do not run on mobile browsers.</li>
          <li><strong>Images</strong>: wide images need <code>max-width: 100%</code> or <code>srcset</code> to fit the screen.</li>
          <li><strong>Tap targets</strong>: links and buttons need room for a finger (48px is comfortable).</li>
        </ul>
        <p>Want a full mobile SEO review? See our <a href="/seo-services-delhi">SEO services</a> or run the <a href="/seo-audit">free SEO audit</a>.</p>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const mobileTestPage = definePage({
  path: '/mobile-friendly-tester-tool',
  navLabel: 'Mobile-Friendly Tester',
  title: 'Mobile-Friendly Tester – Check If Your Page Works on Phones',
  description:
    'Free mobile-friendly test: checks the viewport, fixed-width layouts, zoom blocking, font size, plugins, responsive images and tap targets from the page HTML and CSS.',
  keywords: 'mobile friendly test, mobile friendly tester, responsive website checker, mobile seo test',
  faq,
  aliases: ['/MobileFriendlyTesterTool', '/mobile-friendly-tester'],
  Component: MobileTesterPage,
});
