import { localityPage } from '#views/pages/shared/LocalityPage.tsx';
import { rohini } from './content.ts';

export const rohiniPage = localityPage({
  content: rohini,
  navLabel: 'SEO Services Rohini',
  aliases: ['/local-seo-rohini'],
});
