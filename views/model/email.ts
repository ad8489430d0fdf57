/**
 * The one e-mail rule of the site (issue 32, docs/decisions/0050): a plain mailbox `local@domain`,
 * nothing else. Forms, the monitoring API, client sites' recipients and the configuration all use
 * it. Plain TypeScript without zod or Node built-ins, so islands can check an address as the server
 * does (docs/decisions/0005); the browser's and Node's WHATWG URL do the same IDNA mapping.
 *
 * Why so plain: a mailer's address parser reads comments `(1)a@x.in`, groups `x:a@x.in;`, quoted
 * local parts, display names and a trailing dot `a@x.in.` as the same one mailbox, so a looser
 * pattern lets one inbox hide behind many spellings (and each spelling gets its own limits).
 */

/** RFC 5321's longest path less its angle brackets; also what every form allows. */
export const MAX_EMAIL_LENGTH = 254;

/** RFC 5322's dot-atom: printable ASCII but specials, dots only between atoms. No quotes, comments, spaces. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** What a typed domain may hold before IDNA: letters, digits, hyphens, dots, and any non-ASCII letter. */
const TYPED_DOMAIN = /^[A-Za-z0-9.\-\u0080-\uffff]+$/;
/** One DNS label after IDNA: LDH, 1-63 characters, no hyphen at either end. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain is letters (or an IDN's punycode); an all-digit one would be an IP address. */
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The domain in ASCII, lower-cased (IDN punycoded), or null when it is not a plain domain name. */
function asciiDomain(typed: string): string | null {
  // The URL parser would decode `%2e`, drop a trailing dot's meaning and read IP literals: refused first.
  if (!TYPED_DOMAIN.test(typed) || typed.startsWith('.') || typed.endsWith('.') || typed.includes('..')) return null;
  let host: string;
  try {
    host = new URL(`http://${typed}/`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return TOP_LEVEL.test(labels[labels.length - 1]!) ? host : null;
}

/**
 * The canonical form of a typed address, or null when it is not a plain mailbox: surrounding space
 * trimmed, the domain lower-cased and punycoded, the local part kept as typed (RFC 5321 lets its
 * case matter to the receiving server, so mail goes exactly where the person said).
 */
export function canonicalEmail(text: string): string | null {
  const typed = text.trim();
  if (typed.length > MAX_EMAIL_LENGTH) return null;
  const at = typed.lastIndexOf('@');
  if (at <= 0) return null;
  const local = typed.slice(0, at);
  if (!LOCAL_PART.test(local)) return null;
  const domain = asciiDomain(typed.slice(at + 1));
  if (!domain) return null;
  const address = `${local}@${domain}`;
  return address.length <= MAX_EMAIL_LENGTH ? address : null;
}

export function isEmail(text: string): boolean {
  return canonicalEmail(text) !== null;
}

/** Providers where dots in the local part are ignored (Google's two spellings are one domain). */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * What "the same mailbox" means for limits and counts, from a canonical address: lower-cased (all
 * common servers ignore case), a `+tag` dropped (RFC 5233 subaddresses reach the base mailbox at
 * every large provider), and Gmail's ignored dots removed. Never used to send: only to count.
 */
export function mailboxKey(canonical: string): string {
  const at = canonical.lastIndexOf('@');
  let local = canonical.slice(0, at).toLowerCase();
  let domain = canonical.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
