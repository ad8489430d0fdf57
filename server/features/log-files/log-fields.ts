/** What the log formats share: the record a line becomes, and readers of request targets, timestamps, status codes. */

export interface LogRecord {
  /** The client's address as logged (held in memory only, to verify bots). */
  ip: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** Path and query as requested. */
  url: string;
  status: number;
  bytes: number;
  userAgent: string;
}

/** A record, `undefined` for a line that does not parse, `null` for one to skip (blank, a `#` directive). */
export type ParseResult = LogRecord | undefined | null;

export interface LineParser {
  format: 'combined' | 'common' | 'json' | 'cloudflare' | 'w3c';
  parse(line: string): ParseResult;
}

/**
 * A copy of a string that holds nothing else alive: a field cut out of a line is a slice of the
 * whole chunk read from the file (a megabyte), which a kept key would keep in memory.
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** URLs are kept to this many characters (a longer one is cut): the key of a stored row. */
export const MAX_LOGGED_URL = 2048;

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

const CLF_TIME = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?: ([+-])(\d{2})(\d{2}))?$/;

/** The epoch milliseconds of a whole `10/Oct/2000:13:55:36 -0700`, or NaN. */
function clfTimeOnce(text: string): number {
  const match = CLF_TIME.exec(text);
  const month = match ? MONTHS[match[2]!] : undefined;
  if (!match || month === undefined) return Number.NaN;
  const offset = match[7] ? (match[7] === '-' ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9])) : 0;
  return (
    Date.UTC(Number(match[3]), month, Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6])) -
    offset * 60_000
  );
}

/** Two decimal digits at `at`, or NaN. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : Number.NaN;
}

/**
 * A reader of `10/Oct/2000:13:55:36 -0700` (the common log format's time), in `text` or between
 * `from` and `to` of a line. The day and the zone change rarely, so the regular expression reads
 * them only when they do; the time of day is read by hand (Date.UTC adds hours, minutes and
 * seconds linearly, so the sum is what the whole expression gives).
 */
export function clfTime(): (text: string, from?: number, to?: number) => number {
  // A NUL never starts a valid time: the first call reads its day.
  let lastDay = '\0';
  let lastZone = '';
  let dayValue = Number.NaN;
  return (text, from = 0, to = text.length) => {
    const length = to - from;
    if (length !== 20 && length !== 26) return Number.NaN;
    if (!(text.startsWith(lastDay, from) && lastZone.length === length - 20 && text.startsWith(lastZone, from + 20))) {
      lastDay = text.slice(from, from + 12);
      lastZone = text.slice(from + 20, to);
      dayValue = clfTimeOnce(`${lastDay}00:00:00${lastZone}`);
    }
    if (text.charCodeAt(from + 14) !== 58 || text.charCodeAt(from + 17) !== 58) return Number.NaN;
    const time = twoDigits(text, from + 12) * 3_600_000 + twoDigits(text, from + 15) * 60_000;
    return dayValue + time + twoDigits(text, from + 18) * 1000;
  };
}

/**
 * The path and query of a request: from a request line (`GET /a?b HTTP/1.1`) or a target, an
 * absolute URL (a proxy's request) reduced to its path. Characters outside printable ASCII are
 * percent-encoded (each UTF-8 byte), so the key is the same bytes on both databases, and it is cut
 * to MAX_LOGGED_URL.
 */
export function requestTarget(request: string): string {
  let target = request;
  const space = target.indexOf(' ');
  if (space > 0 && /^[A-Z]+$/.test(target.slice(0, space))) {
    target = target.slice(space + 1);
    const protocol = target.lastIndexOf(' HTTP/');
    if (protocol >= 0) target = target.slice(0, protocol);
  }
  if (/^https?:\/\//i.test(target)) {
    const slash = target.indexOf('/', target.indexOf('//') + 2);
    target = slash < 0 ? '/' : target.slice(slash);
  }
  if (/[^\x21-\x7e]/.test(target)) target = encodeOutsideAscii(target);
  return target.length > MAX_LOGGED_URL ? target.slice(0, MAX_LOGGED_URL) : target;
}

function encodeOutsideAscii(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0x20 && code < 0x7f) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Epoch milliseconds from a JSON log's time: ISO text, the common log format, or seconds, ms or ns since the epoch. */
export function anyTime(value: unknown, clf: (text: string) => number): number {
  if (typeof value === 'number') {
    if (value > 1e17) return Math.floor(value / 1e6);
    if (value > 1e11) return Math.floor(value);
    return Math.floor(value * 1000);
  }
  if (typeof value !== 'string') return Number.NaN;
  if (/^\d+(\.\d+)?$/.test(value)) return anyTime(Number(value), clf);
  const iso = Date.parse(value);
  return Number.isNaN(iso) ? clf(value.replace(/^\[|\]$/g, '')) : iso;
}

/** An HTTP status from a number or its text, or NaN. */
export function statusOf(value: unknown): number {
  const status = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(status) && status >= 100 && status <= 599 ? status : Number.NaN;
}
