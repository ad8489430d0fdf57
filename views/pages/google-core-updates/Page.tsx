import { prosePage } from '#views/pages/shared/ProseArticle.tsx';
import { googleCoreUpdates } from './content.ts';

export const googleCoreUpdatesPage = prosePage({ path: '/google-core-updates', navLabel: 'Google Core Updates', content: googleCoreUpdates });
