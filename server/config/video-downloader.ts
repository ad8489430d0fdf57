import { field, Invalid, origin, wholeNumber } from './fields.ts';

/** An http(s) proxy URL, credentials allowed; never echoed back in an error (it may hold a password). */
const proxyUrl = field((value) => {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname &&
      (url.pathname === '/' || url.pathname === '')
    )
      return url;
  } catch {
    // reported below
  }
  return new Invalid('must be an http(s) proxy URL such as http://user:password@proxy.example:3128', true);
});
import { defineSection } from './section.ts';

/** At least 32 characters (e.g. `openssl rand -hex 32`); never echoed in an error. */
const signingKey = field((value) => {
  if (value === undefined) return undefined;
  return value.length >= 32
    ? value
    : new Invalid('must be at least 32 characters (e.g. the output of openssl rand -hex 32)', true);
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
    /** Key for the HMAC of download links; without it one is generated once and kept in the database (app_meta). */
    MEDIA_SIGNING_KEY: signingKey,
    /** Optional HTTP(S) proxy for every request to YouTube, Pinterest, Instagram and their CDNs. */
    MEDIA_PROXY_URL: proxyUrl,
  },
  read: (env) => ({
    origins: { pinterest: env.PINTEREST_ORIGIN, pinIt: env.PIN_IT_ORIGIN, instagram: env.INSTAGRAM_ORIGIN },
    maxBytes: env.MEDIA_MAX_BYTES,
    maxStreams: env.MEDIA_MAX_STREAMS,
    maxBytesInFlight: env.MEDIA_MAX_BYTES_IN_FLIGHT,
    signingKey: env.MEDIA_SIGNING_KEY,
    proxyUrl: env.MEDIA_PROXY_URL,
  }),
});
