import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { about } from './content.ts';

export const aboutPage = prosePage({ path: '/about', navLabel: 'About Us', content: about, aliases: ['/about-us'] });
