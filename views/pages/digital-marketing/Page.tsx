import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { digitalMarketing } from './content.ts';

export const digitalMarketingPage = prosePage({
  path: '/digital-marketing',
  navLabel: 'Digital Marketing',
  content: digitalMarketing,
});
