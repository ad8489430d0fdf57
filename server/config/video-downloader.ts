import { origin, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

export const videoDownloader = defineSection({
  env: {
    PINTEREST_ORIGIN: origin('https://www.pinterest.com', 'https://www.pinterest.com'),
    PIN_IT_ORIGIN: origin('https://pin.it', 'https://pin.it'),
    INSTAGRAM_ORIGIN: origin('https://www.instagram.com', 'https://www.instagram.com'),
    /** Largest video file the relay streams. */
    MEDIA_MAX_BYTES: wholeNumber({ min: 1, max: 2 * 1024 * 1024 * 1024, fallback: 100 * 1024 * 1024 }),
  },
  read: (env) => ({
    origins: { pinterest: env.PINTEREST_ORIGIN, pinIt: env.PIN_IT_ORIGIN, instagram: env.INSTAGRAM_ORIGIN },
    maxBytes: env.MEDIA_MAX_BYTES,
  }),
});
