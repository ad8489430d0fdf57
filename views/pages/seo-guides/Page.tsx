import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { seoGuides } from './content.ts';

export const seoGuidesPage = prosePage({ path: '/seo-guides', navLabel: 'SEO Guides', content: seoGuides });
