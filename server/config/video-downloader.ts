import { field, Invalid, origin, wholeNumber } from './fields.ts';

/** An http(s) proxy URL, credentials allowed; never echoed back in an error (it may hold a password). */
const proxyUrl = field((value) => {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && (url.pathname === '/' || url.pathname === '')) return url;
  } catch {
    // reported below
  }
  return new Invalid('must be an http(s) proxy URL such as http://user:password@proxy.example:3128', true);
});
import { defineSection } from './section.ts';

export const videoDownloader = defineSection({
  env: {
    PINTEREST_ORIGIN: origin('https://www.pinterest.com', 'https://www.pinterest.com'),
    PIN_IT_ORIGIN: origin('https://pin.it', 'https://pin.it'),
    INSTAGRAM_ORIGIN: origin('https://www.instagram.com', 'https://www.instagram.com'),
    /** Largest video file the relay streams. */
    MEDIA_MAX_BYTES: wholeNumber({ min: 1, max: 2 * 1024 * 1024 * 1024, fallback: 100 * 1024 * 1024 }),
    /** Optional HTTP(S) proxy for every request to YouTube, Pinterest, Instagram and their CDNs. */
    MEDIA_PROXY_URL: proxyUrl,
  },
  read: (env) => ({
    origins: { pinterest: env.PINTEREST_ORIGIN, pinIt: env.PIN_IT_ORIGIN, instagram: env.INSTAGRAM_ORIGIN },
    maxBytes: env.MEDIA_MAX_BYTES,
    proxyUrl: env.MEDIA_PROXY_URL,
  }),
});
