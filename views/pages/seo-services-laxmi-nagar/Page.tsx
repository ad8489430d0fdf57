import { localityPage } from '#views/pages/shared/LocalityPage.tsx';
import { laxmiNagar } from './content.ts';

export const laxmiNagarPage = localityPage({
  content: laxmiNagar,
  navLabel: 'SEO Services Laxmi Nagar',
  aliases: ['/local-seo-laxmi-nagar'],
});
