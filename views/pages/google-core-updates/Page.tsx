import { categoryPage } from '#views/pages/posts/CategoryPage.tsx';
import { googleCoreUpdates } from './content.ts';

/** The google core updates category: its words, then its posts (issue 27: posts are written in /admin/posts). */
export const googleCoreUpdatesPage = categoryPage({
  category: 'google-core-updates',
  navLabel: 'Google Core Updates',
  content: googleCoreUpdates,
});
