import { localityPage } from '#views/pages/shared/LocalityPage.tsx';
import { janakpuri } from './content.ts';

export const janakpuriPage = localityPage({
  content: janakpuri,
  navLabel: 'SEO Company Janakpuri',
  aliases: ['/local-seo-janakpuri'],
});
