import { categoryPage } from '#views/pages/posts/CategoryPage.tsx';
import { careerGuidance } from './content.ts';

/** The career guidance category: its words, then its posts (issue 27: posts are written in /admin/posts). */
export const careerGuidancePage = categoryPage({
  category: 'career-guidance',
  navLabel: 'Career Guidance',
  content: careerGuidance,
});
