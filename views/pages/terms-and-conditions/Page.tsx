import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { termsAndConditions } from './content.ts';

export const termsAndConditionsPage = prosePage({
  path: '/terms-and-conditions',
  navLabel: 'Terms and Conditions',
  content: termsAndConditions,
});
