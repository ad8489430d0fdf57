import { jsonForScript } from '../lib/json.ts';
import type { FaqEntry } from '../page.ts';
import { useSite, type AssetManifest } from '../site-context.ts';

export interface HeadMeta {
  path: string;
  title: string;
  description: string;
  keywords?: string;
  faq?: FaqEntry[];
  jsonLd?: Record<string, unknown>[];
  ogType?: string;
  /** Defaults to `index, follow`; the sample site is always `noindex, nofollow`. */
  robots?: string;
  /** The Open Graph image (a path on this site): the site's card when unset. */
  image?: { path: string; width: number; height: number; alt: string };
  /** Feeds of this page's posts: `<link rel="alternate">`. */
  feeds?: Array<{ title: string; path: string }>;
  /** The URL of the current page of a paged listing (`?page=2`) is its canonical. */
  canonicalQuery?: string;
}

/**
 * The site's default image (a path): link previews of pages without their own, and the image of an
 * article without a cover. The card when the build has one, else the 512 px icon (large enough for
 * link previews and for Google's article images, which want 50,000 pixels or more).
 */
export function defaultImagePath(assets: AssetManifest): string {
  return assets.images['og-card.png'] ?? '/icon-512.png';
}

export function faqJsonLd(faq: FaqEntry[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}

/** Everything search engines and link previews read: exactly one <title>, canonical on SITE_URL. */
export function SeoHead({ meta }: { meta: HeadMeta }) {
  const { siteUrl, assets, business, sample } = useSite();
  const canonical = `${siteUrl}${meta.path}${meta.canonicalQuery ?? ''}`;
  const jsonLd = [...(meta.jsonLd ?? []), ...(meta.faq?.length ? [faqJsonLd(meta.faq)] : [])];
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords ? <meta name="keywords" content={meta.keywords} /> : null}
      <meta name="robots" content={sample ? 'noindex, nofollow' : (meta.robots ?? 'index, follow')} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:site_name" content={business.name} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      {meta.image ? (
        <>
          <meta property="og:image" content={`${siteUrl}${meta.image.path}`} />
          <meta property="og:image:width" content={String(meta.image.width)} />
          <meta property="og:image:height" content={String(meta.image.height)} />
          <meta property="og:image:alt" content={meta.image.alt} />
        </>
      ) : (
        <meta property="og:image" content={`${siteUrl}${defaultImagePath(assets)}`} />
      )}
      <meta property="og:locale" content="en_IN" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {meta.feeds?.map((feed) => (
        <link key={feed.path} rel="alternate" type="application/rss+xml" title={feed.title} href={feed.path} />
      ))}
      {jsonLd.map((data, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </>
  );
}
