import { categoryPage } from '#views/pages/posts/CategoryPage.tsx';
import { digitalMarketing } from './content.ts';

/** The digital marketing category: its words, then its posts (issue 27: posts are written in /admin/posts). */
export const digitalMarketingPage = categoryPage({
  category: 'digital-marketing',
  navLabel: 'Digital Marketing',
  content: digitalMarketing,
});
