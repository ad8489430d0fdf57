import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import MobileTesterWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'How does the mobile-friendly test work?',
    answer:
      'It opens the page in a real browser (Chromium) on the screen you choose (a 360 × 640 phone, a 412 × 915 large phone or a 768 × 1024 tablet) as a phone browser or as Googlebot smartphone, lets it run its scripts and load its files, then measures what was drawn: the viewport tag, anything wider than the screen, zoom blocking, text smaller than 12px, links and buttons smaller than 24 × 24 px, browser plugins and images wider than the screen. Every file the page asks for is fetched by our server with the same safety checks as our other tools; addresses inside private networks are never loaded.',
  },
  {
    question: 'What changes when I test as Googlebot smartphone?',
    answer:
      "The page is fetched with Google's smartphone crawler user agent, and robots.txt is obeyed as Googlebot obeys it: every file the page asks for is checked against its own site's robots.txt first, and a disallowed file is not fetched at all. Those files are listed as blocked by robots.txt, and the screenshot shows the page as Google renders it without them. A phone browser does not read robots.txt, so it loads them.",
  },
  {
    question: 'When is a page called mobile-friendly?',
    answer:
      'When every high-priority check passes: a width=device-width viewport, no fixed-width layout, zoom allowed and no plugins. Medium and low findings such as small fonts or tiny links are shown as things to improve.',
  },
  {
    question: 'Does it run JavaScript or take a screenshot?',
    answer:
      'Yes: the page runs as it would on a phone, and the report shows a screenshot of the screen next to the checks, naming the elements behind each problem. It also lists the files that failed to load, the JavaScript console errors and uncaught exceptions, and shows the HTML after the scripts ran, which you can download. A page gets 20 seconds and 8 MB of files. If the server hosting this tool has no browser installed, the report says so and reads the HTML and CSS instead.',
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
        <p className="lead">
          Check whether a page works on phones and tablets, as a visitor's browser or as Googlebot sees it: viewport,
          layout width, zoom, text size, tap targets, files that fail to load, script errors and the rendered HTML.
        </p>
      </header>
      <Island name="tools/mobile-test/Widget" component={MobileTesterWidget} props={{ idPrefix: 'mobile' }} />
      <section className="prose">
        <h2>What each check means</h2>
        <ul>
          <li>
            <strong>Viewport</strong>: without <code>width=device-width</code> phones draw the page at desktop width and
            shrink it.
          </li>
          <li>
            <strong>Content fits the screen</strong>: anything wider than the screen (360px on the phone) forces
            sideways scrolling.
          </li>
          <li>
            <strong>Zoom</strong>: <code>user-scalable=no</code> or a low <code>maximum-scale</code> stops people from
            enlarging text.
          </li>
          <li>
            <strong>Font size</strong>: text drawn under 12px is hard to read on a phone.
          </li>
          <li>
            <strong>Plugins</strong>: Flash, Java and ActiveX do not run on mobile browsers.
          </li>
          <li>
            <strong>Images</strong>: wide images need <code>max-width: 100%</code> or <code>srcset</code> to fit the
            screen.
          </li>
          <li>
            <strong>Tap targets</strong>: links and buttons need room for a finger: at least 24 × 24px (48px is
            comfortable); links inside sentences are exempt.
          </li>
          <li>
            <strong>Files that failed to load</strong>: images, scripts, stylesheets and fonts that answered an error
            (such as 404) or did not answer; a page missing its CSS or scripts may look fine to you and broken to
            Google.
          </li>
          <li>
            <strong>Blocked by robots.txt</strong>: files Googlebot may not fetch, so Google renders the page without
            them.
          </li>
          <li>
            <strong>JavaScript console errors</strong>: <code>console.error</code> messages and exceptions no script
            caught, with the file and line they came from.
          </li>
          <li>
            <strong>Rendered HTML</strong>: the page after its scripts ran, as Google indexes it; view it here or
            download it.
          </li>
        </ul>
        <p>
          Want a full mobile SEO review? See our <a href="/seo-services-delhi">SEO services</a> or run the{' '}
          <a href="/seo-audit">free SEO audit</a>.
        </p>
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
    'Free mobile-friendly test: your page in a real browser on a phone or tablet, as Chrome or Googlebot, with failed files, console errors and the rendered HTML.',
  keywords: 'mobile friendly test, mobile friendly tester, responsive website checker, mobile seo test',
  faq,
  aliases: ['/MobileFriendlyTesterTool', '/mobile-friendly-tester'],
  Component: MobileTesterPage,
});
