import { categoryPage } from '#views/pages/posts/CategoryPage.tsx';
import { seoGuides } from './content.ts';

/** The seo guides category: its words, then its posts (issue 27: posts are written in /admin/posts). */
export const seoGuidesPage = categoryPage({
  category: 'seo-guides',
  navLabel: 'SEO Guides',
  content: seoGuides,
});
