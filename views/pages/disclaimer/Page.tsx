import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { disclaimer } from './content.ts';

export const disclaimerPage = prosePage({ path: '/disclaimer', navLabel: 'Disclaimer', content: disclaimer });
