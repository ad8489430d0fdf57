import { UpstreamError } from '#server/lib/domain-errors.ts';

/** Why a platform turned this server away (not the visitor's link). */
export type RefusalReason = 'forbidden' | 'rate-limited' | 'bot-check' | 'consent' | 'login-wall';

const REASONS: Record<RefusalReason, (platform: string) => string> = {
  forbidden: () => 'it answered HTTP 403 Forbidden',
  'rate-limited': () => 'it answered HTTP 429 Too Many Requests: it has seen too many requests from this server',
  'bot-check': () => 'it asked the server to sign in to confirm it is not a bot',
  consent: (platform) => `it showed a cookie consent page instead of the ${platform === 'YouTube' ? 'video' : 'page'}`,
  'login-wall': () => 'it asked the server to log in',
};

/**
 * The message a visitor sees when a platform refuses this server: what happened in plain words, that
 * the link is not at fault, and the one thing that helps (the operator routing requests through
 * another address). No "try again": retrying from the same address gets the same answer.
 */
export function refusalMessage(platform: string, reason: RefusalReason): string {
  return (
    `${platform} refused this server's request (${REASONS[reason](platform)}). ` +
    `Your link is fine: ${platform} blocks or challenges requests from some server addresses, such as data centres. ` +
    `The site's operator can fix this by setting MEDIA_PROXY_URL to a proxy with another address.`
  );
}

/** An upstream failure (502): the platform refused; the visitor's request itself was valid. */
export function platformRefused(platform: string, reason: RefusalReason): UpstreamError {
  return new UpstreamError(refusalMessage(platform, reason));
}
