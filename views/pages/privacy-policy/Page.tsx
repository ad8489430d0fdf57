import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { privacyPolicy } from './content.ts';

export const privacyPolicyPage = prosePage({
  path: '/privacy-policy',
  navLabel: 'Privacy Policy',
  content: privacyPolicy,
});
