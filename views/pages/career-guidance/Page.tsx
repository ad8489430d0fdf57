import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { careerGuidance } from './content.ts';

export const careerGuidancePage = prosePage({
  path: '/career-guidance',
  navLabel: 'Career Guidance',
  content: careerGuidance,
});
