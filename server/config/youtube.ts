import { origin } from './fields.ts';
import { defineSection } from './section.ts';

/** The YouTube client (transcripts, tags, Shorts downloads). */
export const youtube = defineSection({
  env: {
    YOUTUBE_ORIGIN: origin('https://www.youtube.com', 'https://www.youtube.com'),
  },
  read: (env) => ({ origin: env.YOUTUBE_ORIGIN }),
});
