import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { Table } from '#views/components/Table.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import SitemapHistoryWidget from './HistoryWidget.tsx';
import SitemapToolWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What is an XML sitemap and why do I need one?',
    answer:
      'An XML sitemap is a file that lists the pages of your website you want search engines to index. Google and Bing read it to discover new and updated pages faster, which matters most for new sites, large sites and pages with few internal links.',
  },
  {
    question: 'Which pages does the generator leave out?',
    answer:
      'Only pages that should not be in a sitemap: URLs blocked by robots.txt, pages marked noindex, pages whose canonical points to another URL (the canonical target is crawled instead), redirects, error pages, files that are not HTML, and links to other websites. The crawl report lists every skipped URL with its reason. Under Options you can list noindex and non-canonical pages anyway, and choose which sections to list or leave out with path patterns such as /blog/.',
  },
  {
    question: 'How many pages can it crawl?',
    answer:
      'Up to 5,000 pages per crawl, at most 8 requests at a time and slower when your robots.txt sets a Crawl-delay. Sites with more than 50,000 URLs get numbered sitemap files plus a sitemap index, as the sitemaps.org protocol requires.',
  },
  {
    question: 'How do I submit the sitemap to Google?',
    answer:
      'Download the file, upload it to the root of your website (for example https://www.example.com/sitemap.xml), add a "Sitemap:" line to your robots.txt and submit the URL in Google Search Console under Sitemaps.',
  },
];

const comparison: { feature: string; tool: string; manual: string; plugin: string }[] = [
  {
    feature: 'Finds every linked page',
    tool: 'Yes, by crawling like a search engine',
    manual: 'Only the pages you remember',
    plugin: 'Only pages the CMS knows about',
  },
  {
    feature: 'Skips noindex, canonicalised and robots-blocked pages',
    tool: 'Yes, automatically',
    manual: 'Only if you check each page',
    plugin: 'Depends on the plugin',
  },
  {
    feature: 'Explains what was left out and why',
    tool: 'Yes, a report with a reason per URL',
    manual: 'No',
    plugin: 'Rarely',
  },
  {
    feature: 'Removes tracking parameters and duplicate URLs',
    tool: 'Yes (utm_*, gclid, fbclid)',
    manual: 'By hand',
    plugin: 'Sometimes',
  },
  {
    feature: 'More than 50,000 URLs',
    tool: 'Numbered files plus a sitemap index',
    manual: 'Hard to get right',
    plugin: 'Usually',
  },
  {
    feature: 'Images and language versions',
    tool: 'Yes, image:image and hreflang xhtml:link entries',
    manual: 'By hand',
    plugin: 'Some plugins',
  },
  {
    feature: 'Finds broken links',
    tool: 'Yes, each with the page that links to it',
    manual: 'No',
    plugin: 'Rarely',
  },
  {
    feature: 'HTML sitemap for visitors',
    tool: 'Yes, grouped by section, ready to download',
    manual: 'By hand',
    plugin: 'Some plugins',
  },
  { feature: 'Works on any website', tool: 'Yes, no install or login', manual: 'Yes', plugin: 'Only on that CMS' },
  { feature: 'Cost', tool: 'Free', manual: 'Your time', plugin: 'Free or paid' },
];

const benefits = [
  'Faster indexing: search engines discover new and updated pages without waiting to stumble on them.',
  'Clean by design: only canonical, indexable HTML pages go in, so you never ask Google to index a page you blocked.',
  'An honest crawl report: every URL left out is listed with its reason, which doubles as a quick technical SEO check.',
  'Polite crawling: robots.txt rules and Crawl-delay are respected, with at most 8 requests at a time.',
  'Valid, standard output: UTF-8 XML per sitemaps.org with escaped URLs and lastmod dates taken from your server.',
  'Free and private: no sign-up, no email, nothing to install, and your list of generated sitemaps is shown only in your own browser.',
];

function SitemapToolPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>Free XML Sitemap Generator</h1>
        <p className="lead">
          Enter your website address and get a valid XML sitemap of every indexable page, plus a report of every URL
          left out and why.
        </p>
      </header>
      <Island name="tools/sitemap-generator/Widget" component={SitemapToolWidget} props={{ idPrefix: 'sitemap' }} />
      <section className="prose">
        <h2>How the sitemap generator works</h2>
        <ol>
          <li>It reads your robots.txt, then starts at the page you entered and follows the links on each page.</li>
          <li>It stays on your website, removes tracking parameters and fragments, and visits each URL once.</li>
          <li>
            It keeps pages that answer 200 with HTML, are not marked noindex and are their own canonical, unless you
            choose otherwise under Options, where you can also limit the crawl and pick sections by path.
          </li>
          <li>
            It writes a standard XML sitemap with each page&rsquo;s images and language versions, which you can
            download, check and submit to Google Search Console, plus an HTML sitemap for visitors.
          </li>
          <li>It lists the broken links it met, each with the page that links to it.</li>
        </ol>
      </section>
      <Island name="tools/sitemap-generator/HistoryWidget" component={SitemapHistoryWidget} props={{}} />
      <section className="sitemap-compare" aria-labelledby="sitemap-compare-heading">
        <h2 id="sitemap-compare-heading">Sitemap generator vs. other ways to make a sitemap</h2>
        <div className="sitemap-scroll">
          <Table className="sitemap-table" columns={['Feature', 'This generator', 'Writing it by hand', 'CMS plugin']}>
            {comparison.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td data-label="This generator">{row.tool}</td>
                <td data-label="Writing it by hand">{row.manual}</td>
                <td data-label="CMS plugin">{row.plugin}</td>
              </tr>
            ))}
          </Table>
        </div>
      </section>
      <section className="prose" aria-labelledby="sitemap-benefits-heading">
        <h2 id="sitemap-benefits-heading">Benefits of using our sitemap generator</h2>
        <ul className="benefits">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>
      <Faq items={faq} />
      <section className="cta-band">
        <h2>Ready to map your website?</h2>
        <p>Generate a fresh sitemap after every big change to your site, then resubmit it in Search Console.</p>
        <a className="button" href="#top">
          Generate your sitemap now
        </a>
      </section>
    </article>
  );
}

export const sitemapGeneratorPage = definePage({
  path: '/sitemap-tool',
  navLabel: 'Sitemap Generator',
  title: 'Free XML Sitemap Generator – Crawl Your Site and Download a Sitemap',
  description:
    'Free XML sitemap generator: crawls your website like a search engine, respects robots.txt, noindex and canonicals, and gives a valid sitemap plus a report of skipped URLs.',
  keywords: 'xml sitemap generator, sitemap generator, create sitemap, free sitemap tool, sitemap.xml generator',
  faq,
  aliases: ['/sitemap-generator', '/SitemapTool', '/SitemapGenerator'],
  Component: SitemapToolPage,
});
