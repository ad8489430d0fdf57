import type { Business } from '#views/business.ts';
import { Faq } from '#views/components/Faq.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { organizationJsonLd } from '#views/pages/shared/local-business.ts';
import { useSite } from '#views/site-context.ts';

const features = [
  {
    title: 'SEO analysis tools',
    text: 'Audit any page against 22 on-page, technical and social checks, trace redirect chains, confirm a URL can be indexed and test how it behaves on a phone.',
    href: '/seo-audit',
    cta: 'Run a free SEO audit',
  },
  {
    title: 'Sitemap generator',
    text: 'Crawl your site the way Googlebot does, respecting robots.txt, canonicals and noindex, and download a valid XML sitemap with a report of every URL left out and why.',
    href: '/sitemap-tool',
    cta: 'Generate a sitemap',
  },
  {
    title: 'E-E-A-T content',
    text: 'Dated, practical guides to Google Business Profile, technical SEO, keyword research in Hindi and Hinglish, link building, Core Web Vitals and site moves, each linked to the free tools that help.',
    href: '/seo-guides',
    cta: 'Read the SEO guides',
  },
];

const faq = (business: Business): FaqEntry[] => [
  {
    question: 'Are the SEO tools really free?',
    answer: 'Yes. Every tool on this site is free to use without an account. We build them for our own client work and share them.',
  },
  {
    question: 'Do you offer SEO services in Delhi NCR?',
    answer: `Yes. ${business.name} works with businesses across Delhi, Rohini, Noida, Laxmi Nagar and Janakpuri on technical SEO, local SEO and content.`,
  },
  {
    question: 'Do I need to sign up to use the tools?',
    answer: 'No account is needed. Open a tool, paste your URL or text, and get the result straight away.',
  },
];

function HomePage() {
  const { siteUrl, business } = useSite();
  return (
    <>
      <JsonLd data={organizationJsonLd(siteUrl, business)} />
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">SEO services in Delhi NCR · Free SEO tools</p>
          <h1>Grow your organic traffic with SEO that is measured, not guessed</h1>
          <p className="lead">
            {business.name} helps Delhi NCR businesses rank on Google with technical fixes, local SEO and content that earns trust,
            and shares the same tools we use every day, free.
          </p>
          <div className="hero-actions">
            <a className="button" href="/try-free-tools">
              Try the free tools
            </a>
            <a className="button secondary" href="/seo-services-delhi">
              Explore SEO services
            </a>
          </div>
        </div>
      </section>
      <section className="features" aria-label="What you can do here">
        {features.map((feature) => (
          <article key={feature.title} className="feature-card">
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
            <a href={feature.href}>{feature.cta} →</a>
          </article>
        ))}
      </section>
      <section className="cta-band">
        <h2>Start with a free tool today</h2>
        <p>Check a page, fix what the audit finds and watch the result in Search Console. No sign-up, no limits on curiosity.</p>
        <a className="button" href="/try-free-tools">
          See all free SEO tools
        </a>
      </section>
      <div className="page-narrow">
        <Faq items={faq(business)} />
      </div>
    </>
  );
}

export const homePage = definePage({
  path: '/',
  navLabel: 'Home',
  title: (business) => `${business.name} – SEO Services in Delhi NCR and Free SEO Tools`,
  description:
    'SEO services for Delhi NCR businesses plus free SEO tools: site audit, XML sitemap generator, redirect and index checkers, YouTube and image tools.',
  keywords: 'SEO services Delhi, free SEO tools, SEO audit, sitemap generator, Delhi NCR SEO company',
  faq,
  Component: HomePage,
});
