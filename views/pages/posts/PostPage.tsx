import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Business } from '#views/business.ts';
import { Faq } from '#views/components/Faq.tsx';
import { JsonLd } from '#views/pages/shared/JsonLd.tsx';
import { defaultImagePath, type HeadMeta } from '#views/layout/SeoHead.tsx';
import { formatDay } from '#views/model/dates.ts';
import { loaderContext } from '#views/loader-context.ts';
import {
  categoryLabel,
  imageUrl,
  postAuthor,
  imageWidths,
  POST_CATEGORIES,
  postPath,
  type PostCategory,
  type PostImageRef,
  type PostPageData,
  type PostSummary,
} from '#views/model/posts.ts';
import { definePage, type PageDef } from '#views/page.ts';
import { useBusiness, useSite } from '#views/site-context.ts';

/** Author, dates and reading time, as the page and the JSON-LD state them. */
export function PostMeta({ post }: { post: PostSummary }) {
  const author = postAuthor(useBusiness(), post.author);
  return (
    <p className="guide-meta">
      {`By ${author.role ? `${author.name}, ${author.role}` : author.name} · Published `}
      <time dateTime={post.published}>{formatDay(post.published)}</time>
      {post.updated !== post.published ? (
        <>
          {' · Updated '}
          <time dateTime={post.updated}>{formatDay(post.updated)}</time>
        </>
      ) : null}
      {` · ${post.readingMinutes} min read`}
    </p>
  );
}

/** An uploaded image: AVIF then WebP renditions, with its intrinsic size so nothing shifts. */
export function PostImage({ image, eager = false, sizes }: { image: PostImageRef; eager?: boolean; sizes: string }) {
  const widths = imageWidths(image.width);
  const largest = widths.at(-1)!;
  const set = (format: 'avif' | 'webp') => widths.map((w) => `${imageUrl(image.id, w, format)} ${w}w`).join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={set('avif')} sizes={sizes} />
      <img
        src={imageUrl(image.id, largest, 'webp')}
        srcSet={set('webp')}
        sizes={sizes}
        width={largest}
        height={Math.round((image.height * largest) / image.width)}
        alt={image.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'sync' : 'async'}
        fetchPriority={eager ? 'high' : 'auto'}
      />
    </picture>
  );
}

function PostArticle() {
  const { post } = useLoaderData() as { post: PostPageData };
  const categoryPath = `/${post.category}`;
  const label = categoryLabel(post.category);
  return (
    <article className="content-page guide post">
      <header className="page-hero">
        <p className="eyebrow">
          <a href={categoryPath}>{label}</a>
        </p>
        <h1>{post.title}</h1>
        <PostMeta post={post} />
      </header>
      {post.cover ? (
        <figure className="post-cover">
          <PostImage image={post.cover} eager sizes="(min-width: 48rem) 46rem, 100vw" />
        </figure>
      ) : null}
      {post.toc.length ? (
        <nav className="guide-contents" aria-label="On this page">
          <h2>On this page</h2>
          <ol>
            {post.toc.map((entry) => (
              <li key={entry.id} className={entry.depth === 3 ? 'toc-sub' : undefined}>
                <a href={`#${entry.id}`}>{entry.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {/* Rendered from Markdown and sanitised on the server (server/features/posts/markdown.ts). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.faq.length ? <Faq items={post.faq} /> : null}
      <nav className="related-links" aria-label="Related posts">
        <h2>Related posts</h2>
        <ul>
          {post.related.map((other) => (
            <li key={other.slug}>
              <a href={postPath(other)}>{other.title}</a>
            </li>
          ))}
          <li>
            <a href={categoryPath}>{`All ${label.toLowerCase()}`}</a>
          </li>
        </ul>
      </nav>
    </article>
  );
}

/**
 * Article and BreadcrumbList JSON-LD: headline, dates, author and image as the page shows them; a
 * post without a cover shows the site's default image (`defaultImage`, an address), as its link
 * preview does.
 */
export function postJsonLd(
  post: PostPageData,
  business: Business,
  siteUrl: string,
  defaultImage: string,
): Record<string, unknown>[] {
  const organisation = { '@type': 'Organization', name: business.name, url: `${siteUrl}/` };
  const author = postAuthor(business, post.author);
  const url = `${siteUrl}${postPath(post)}`;
  const image = post.cover
    ? `${siteUrl}${imageUrl(post.cover.id, imageWidths(post.cover.width).at(-1)!, 'webp')}`
    : defaultImage;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description: post.description,
      datePublished: new Date(post.publishedAt).toISOString(),
      dateModified: new Date(post.updatedAt).toISOString(),
      author: author.role
        ? {
            '@type': 'Person',
            name: author.name,
            jobTitle: author.role,
            worksFor: { '@type': 'Organization', name: business.name },
          }
        : business.team?.some((person) => person.name === author.name) || post.author
          ? { '@type': 'Person', name: author.name }
          : { '@type': 'Organization', name: business.name },
      publisher: organisation,
      mainEntityOfPage: url,
      image,
      ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
      inLanguage: 'en-IN',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteUrl}/` },
        { '@type': 'ListItem', position: 2, name: categoryLabel(post.category), item: `${siteUrl}/${post.category}` },
        { '@type': 'ListItem', position: 3, name: post.title, item: url },
      ],
    },
  ];
}

/** The head of a post page: its own title, description, image and feeds. */
function postHead(post: PostPageData): Partial<HeadMeta> {
  const cover = post.cover;
  const largest = cover ? imageWidths(cover.width).at(-1)! : 0;
  return {
    title: post.seoTitle ?? post.title,
    description: post.description,
    keywords: post.tags.join(', ') || undefined,
    faq: post.faq.length ? post.faq : undefined,
    ogType: 'article',
    ...(cover
      ? {
          image: {
            path: imageUrl(cover.id, largest, 'webp'),
            width: largest,
            height: Math.round((cover.height * largest) / cover.width),
            alt: cover.alt,
          },
        }
      : {}),
    feeds: [
      { title: `${categoryLabel(post.category)} (RSS)`, path: `/${post.category}/feed.xml` },
      { title: 'All posts (RSS)', path: '/feed.xml' },
    ],
  };
}

export async function loadPost(
  category: PostCategory,
  { params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>,
) {
  const found = await loaderContext(context).posts.post(category, params.slug ?? '');
  if (!found) throw data(null, { status: 404 });
  if ('redirect' in found) throw redirect(found.redirect, 301);
  return { post: found.post, head: postHead(found.post) };
}

/**
 * One route per category: `/<category>/:slug`. The JSON-LD needs the site's address and the profile,
 * so the page renders it in its body, as the locality pages do (docs/decisions/0003).
 */
export const postPages: PageDef[] = POST_CATEGORIES.map((category) =>
  definePage({
    path: `/${category.id}/:slug`,
    navLabel: `${category.singular}`,
    title: category.label,
    description: category.label,
    inSitemap: false,
    loader: (args: LoaderFunctionArgs) => loadPost(category.id, args),
    Component: function PostRoute() {
      const { post } = useLoaderData() as { post: PostPageData };
      const { siteUrl, assets } = useSite();
      const business = useBusiness();
      return (
        <>
          <PostArticle />
          {postJsonLd(post, business, siteUrl, `${siteUrl}${defaultImagePath(assets)}`).map((block, index) => (
            <JsonLd key={index} data={block} />
          ))}
        </>
      );
    },
  }),
);
