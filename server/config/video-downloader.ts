import { field, Invalid, origin, wholeNumber } from './fields.ts';
import { defineSection } from './section.ts';

/** At least 32 characters (e.g. `openssl rand -hex 32`); never echoed in an error. */
const signingKey = field((value) => {
  if (value === undefined) return undefined;
  return value.length >= 32 ? value : new Invalid('must be at least 32 characters (e.g. the output of openssl rand -hex 32)', true);
});

export const videoDownloader = defineSection({
  env: {
    PINTEREST_ORIGIN: origin('https://www.pinterest.com', 'https://www.pinterest.com'),
    PIN_IT_ORIGIN: origin('https://pin.it', 'https://pin.it'),
    INSTAGRAM_ORIGIN: origin('https://www.instagram.com', 'https://www.instagram.com'),
    /** Largest video file the relay streams. */
    MEDIA_MAX_BYTES: wholeNumber({ min: 1, max: 2 * 1024 * 1024 * 1024, fallback: 100 * 1024 * 1024 }),
    /** Relayed downloads streaming at once, for all visitors together. */
    MEDIA_MAX_STREAMS: wholeNumber({ min: 1, max: 10_000, fallback: 16 }),
    /** Sum of the sizes of the files being relayed at once (a file of unknown size counts as MEDIA_MAX_BYTES). */
    MEDIA_MAX_BYTES_IN_FLIGHT: wholeNumber({ min: 1, max: 1024 * 1024 * 1024 * 1024, fallback: 1024 * 1024 * 1024 }),
    /** Key for the HMAC of download links; without it one is generated once and kept in DATA_DIR. */
    MEDIA_SIGNING_KEY: signingKey,
  },
  read: (env) => ({
    origins: { pinterest: env.PINTEREST_ORIGIN, pinIt: env.PIN_IT_ORIGIN, instagram: env.INSTAGRAM_ORIGIN },
    maxBytes: env.MEDIA_MAX_BYTES,
    maxStreams: env.MEDIA_MAX_STREAMS,
    maxBytesInFlight: env.MEDIA_MAX_BYTES_IN_FLIGHT,
    signingKey: env.MEDIA_SIGNING_KEY,
  }),
});
