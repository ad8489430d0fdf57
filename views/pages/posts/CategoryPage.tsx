import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Faq } from '#views/components/Faq.tsx';
import type { HeadMeta } from '#views/layout/SeoHead.tsx';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { useSite } from '#views/site-context.ts';
import { loaderContext } from '#views/loader-context.ts';
import {
  CATEGORY_PAGE_SIZE,
  categoryLabel,
  postPath,
  type CategoryPageData,
  type PostCategory,
} from '#views/model/posts.ts';
import { definePage, type PageDef } from '#views/page.ts';
import type { ProsePage } from '#views/pages/shared/content-types.ts';
import { RelatedLinks } from '#views/pages/shared/links.tsx';
import { ProseSections } from '#views/pages/shared/ProseArticle.tsx';
import { PostImage, PostMeta } from './PostPage.tsx';

/** `?page=N`: a whole number from 1; anything else is no page at all. */
function pageNumber(raw: string | null): number | null {
  if (raw === null) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

export async function loadCategory(
  category: PostCategory,
  content: ProsePage,
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
) {
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  if (page === null) throw data(null, { status: 404 });
  const listing = await loaderContext(context).posts.category(category, page);
  if (page > listing.pages) throw data(null, { status: 404 });
  const feeds = [
    { title: `${categoryLabel(category)} (RSS)`, path: `/${category}/feed.xml` },
    { title: 'All posts (RSS)', path: '/feed.xml' },
  ];
  const head: Partial<HeadMeta> =
    page === 1 ? { feeds } : { feeds, title: `${content.meta.title} – page ${page}`, canonicalQuery: `?page=${page}` };
  return { listing, head };
}

/**
 * CollectionPage with an ItemList of the posts this page lists (positions count on across pages),
 * and the BreadcrumbList Home → category. Rendered in the body: it needs SITE_URL, as the posts' own.
 */
export function categoryJsonLd(
  category: PostCategory,
  content: ProsePage,
  listing: CategoryPageData,
  siteUrl: string,
): Record<string, unknown>[] {
  const url = `${siteUrl}/${category}${listing.page > 1 ? `?page=${listing.page}` : ''}`;
  const first = (listing.page - 1) * CATEGORY_PAGE_SIZE;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: content.meta.title,
      description: content.meta.description,
      url,
      inLanguage: 'en-IN',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: listing.total,
        itemListElement: listing.posts.map((post, index) => ({
          '@type': 'ListItem',
          position: first + index + 1,
          url: `${siteUrl}${postPath(post)}`,
          name: post.title,
        })),
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteUrl}/` },
        { '@type': 'ListItem', position: 2, name: categoryLabel(category), item: `${siteUrl}/${category}` },
      ],
    },
  ];
}

/** Older and newer posts as real links (`?page=2`), so paging works without JavaScript. */
function Pager({ category, listing }: { category: PostCategory; listing: CategoryPageData }) {
  if (listing.pages <= 1) return null;
  const href = (page: number) => (page === 1 ? `/${category}` : `/${category}?page=${page}`);
  return (
    <nav className="post-pager" aria-label="Pages of posts">
      {listing.page > 1 ? (
        <a href={href(listing.page - 1)} rel="prev">
          Newer posts
        </a>
      ) : null}
      <span>{`Page ${listing.page} of ${listing.pages}`}</span>
      {listing.page < listing.pages ? (
        <a href={href(listing.page + 1)} rel="next">
          Older posts
        </a>
      ) : null}
    </nav>
  );
}

function makeCategoryPage(category: PostCategory, content: ProsePage) {
  function CategoryPage() {
    const { listing } = useLoaderData() as { listing: CategoryPageData };
    const { siteUrl } = useSite();
    return (
      <>
        <CategoryArticle listing={listing} />
        {categoryJsonLd(category, content, listing, siteUrl).map((block, index) => (
          <JsonLd key={index} data={block} />
        ))}
      </>
    );
  }

  function CategoryArticle({ listing }: { listing: CategoryPageData }) {
    return (
      <article className="content-page">
        <header className="page-hero">
          <h1>{content.heading}</h1>
          {content.intro.map((text) => (
            <p key={text} className="lead">
              {text}
            </p>
          ))}
        </header>
        {listing.posts.length ? (
          <ul className="guide-list">
            {listing.posts.map((post) => (
              <li key={post.slug} className="guide-card">
                {post.cover ? <PostImage image={post.cover} sizes="(min-width: 48rem) 20rem, 100vw" /> : null}
                <h2>
                  <a href={postPath(post)}>{post.title}</a>
                </h2>
                <PostMeta post={post} />
                <p>{post.description}</p>
              </li>
            ))}
          </ul>
        ) : null}
        <Pager category={category} listing={listing} />
        {content.sections.length ? (
          <div className="prose">
            <ProseSections sections={content.sections} />
          </div>
        ) : null}
        {content.faq?.length ? <Faq items={content.faq} /> : null}
        {content.links?.length ? <RelatedLinks links={content.links} /> : null}
        <p className="feed-link">
          <a href={`/${category}/feed.xml`}>{`Follow ${categoryLabel(category).toLowerCase()} by RSS`}</a>
        </p>
      </article>
    );
  }
  CategoryPage.displayName = `CategoryPage(${category})`;
  return CategoryPage;
}

/** A category page: its own words (content.ts in its folder), then its posts, newest first, ten a page. */
export function categoryPage(options: {
  category: PostCategory;
  navLabel: string;
  content: ProsePage;
  aliases?: string[];
}): PageDef {
  const { category, content } = options;
  return definePage({
    path: `/${category}`,
    navLabel: options.navLabel,
    title: content.meta.title,
    description: content.meta.description,
    keywords: content.meta.keywords.join(', '),
    faq: content.faq,
    aliases: options.aliases,
    cacheQuery: ['page'],
    loader: (args: LoaderFunctionArgs) => loadCategory(category, content, args),
    Component: makeCategoryPage(category, content),
  });
}
