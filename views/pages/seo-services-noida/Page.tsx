import { localityPage } from '#views/pages/shared/LocalityPage.tsx';
import { noida } from './content.ts';

export const noidaPage = localityPage({
  content: noida,
  navLabel: 'SEO Services Noida',
  aliases: ['/local-seo-noida'],
});
