import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { seoOptimizedPage } from './content.ts';

export const seoOptimizedPagePage = prosePage({
  path: '/seo-optimized-page',
  navLabel: 'SEO-Optimised Page',
  content: seoOptimizedPage,
});
