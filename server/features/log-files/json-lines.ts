import { anyTime, clfTime, requestTarget, statusOf, type LineParser, type LogRecord } from './log-fields.ts';

/**
 * JSON lines, one object a line: Cloudflare's Logpush field names, or a generic map whose keys are
 * looked up by their usual names (nginx's `escape=json` variables, Fastly, Vercel, Caddy's flat
 * fields), case-insensitively. `request` may hold a whole request line.
 */
const FIELDS = {
  ip: ['ClientIP', 'remote_addr', 'client_ip', 'clientip', 'ip', 'remote_ip', 'remoteip', 'c-ip', 'client'],
  url: ['ClientRequestURI', 'request_uri', 'uri', 'url', 'path', 'request_url', 'requesturi', 'request'],
  status: ['EdgeResponseStatus', 'status', 'status_code', 'statuscode', 'response_status', 'sc-status'],
  bytes: ['EdgeResponseBytes', 'body_bytes_sent', 'bytes_sent', 'bytes', 'size', 'response_size', 'sc-bytes'],
  userAgent: ['ClientRequestUserAgent', 'http_user_agent', 'user_agent', 'useragent', 'ua', 'agent'],
  time: ['EdgeStartTimestamp', 'time_iso8601', 'time_local', 'timestamp', '@timestamp', 'time', 'date', 'ts'],
} as const;

type Field = keyof typeof FIELDS;

/** Which key of an object holds each field, found once per distinct set of keys (logs repeat theirs). */
function keysOf(record: Record<string, unknown>): Partial<Record<Field, string>> {
  const lower = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
  const found: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(FIELDS) as Field[]) {
    for (const name of FIELDS[field]) {
      const key = lower.get(name.toLowerCase());
      if (key !== undefined) {
        found[field] = key;
        break;
      }
    }
  }
  return found;
}

export function jsonLineParser(format: 'json' | 'cloudflare'): LineParser {
  const clf = clfTime();
  const shapes = new Map<string, Partial<Record<Field, string>>>();
  return {
    format,
    parse(line): LogRecord | undefined | null {
      if (line.length === 0) return null;
      if (line[0] !== '{') return undefined;
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        return undefined;
      }
      if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
      const fields = record as Record<string, unknown>;
      const signature = Object.keys(fields).join('\n');
      let keys = shapes.get(signature);
      if (!keys) {
        keys = keysOf(fields);
        if (shapes.size < 100) shapes.set(signature, keys);
      }
      const url = keys.url === undefined ? undefined : fields[keys.url];
      const status = statusOf(keys.status === undefined ? undefined : fields[keys.status]);
      const time = anyTime(keys.time === undefined ? undefined : fields[keys.time], clf);
      if (typeof url !== 'string' || !url || Number.isNaN(status) || Number.isNaN(time)) return undefined;
      const bytes = Number(keys.bytes === undefined ? 0 : fields[keys.bytes]);
      const userAgent = keys.userAgent === undefined ? '' : fields[keys.userAgent];
      const ip = keys.ip === undefined ? '' : fields[keys.ip];
      return {
        ip: typeof ip === 'string' ? ip : '',
        time,
        url: requestTarget(url),
        status,
        bytes: Number.isFinite(bytes) && bytes > 0 ? bytes : 0,
        userAgent: typeof userAgent === 'string' ? userAgent : '',
      };
    },
  };
}
