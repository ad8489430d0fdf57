import { clfParser } from './clf.ts';
import { jsonLineParser } from './json-lines.ts';
import { requestTarget, type LineParser } from './log-fields.ts';

export type { LineParser, LogRecord, ParseResult } from './log-fields.ts';

/**
 * Access log formats (issue 36): nginx/Apache combined and common, JSON lines (Cloudflare's field
 * names or a generic map) and W3C extended (IIS). A format is detected from a file's first lines;
 * each line then becomes one record, or is counted as not parsed.
 */
export type FormatId = 'combined' | 'common' | 'json' | 'cloudflare' | 'w3c';

export const FORMAT_NAMES: Record<FormatId, string> = {
  combined: 'Combined (nginx, Apache)',
  common: 'Common log format (no user agent)',
  json: 'JSON lines',
  cloudflare: 'JSON lines (Cloudflare)',
  w3c: 'W3C extended (IIS)',
};

/** W3C extended: the `#Fields:` directive names the space-separated columns of the lines after it. */
function w3cParser(): LineParser {
  let fields: Map<string, number> | undefined;
  const at = (parts: string[], name: string) => {
    const index = fields!.get(name);
    return index === undefined ? undefined : parts[index];
  };
  return {
    format: 'w3c',
    parse(line) {
      if (line.length === 0) return null;
      if (line.startsWith('#')) {
        if (line.startsWith('#Fields:'))
          fields = new Map(
            line
              .slice(8)
              .trim()
              .split(/\s+/)
              .map((name, index) => [name.toLowerCase(), index]),
          );
        return null;
      }
      if (!fields) return undefined;
      const parts = line.split(' ');
      if (parts.length < fields.size) return undefined;
      const stem = at(parts, 'cs-uri-stem');
      const status = Number(at(parts, 'sc-status'));
      const time = Date.parse(`${at(parts, 'date')}T${at(parts, 'time')}Z`);
      if (!stem || !(status >= 100 && status <= 599) || Number.isNaN(time)) return undefined;
      const query = at(parts, 'cs-uri-query');
      const bytes = Number(at(parts, 'sc-bytes'));
      return {
        ip: at(parts, 'c-ip') ?? '',
        time,
        url: requestTarget(query && query !== '-' ? `${stem}?${query}` : stem),
        status,
        bytes: Number.isFinite(bytes) ? bytes : 0,
        // IIS writes the agent's spaces as '+'.
        userAgent: (at(parts, 'cs(user-agent)') ?? '').replace(/\+/g, ' '),
      };
    },
  };
}

export function parserFor(format: FormatId): LineParser {
  if (format === 'w3c') return w3cParser();
  if (format === 'json' || format === 'cloudflare') return jsonLineParser(format);
  return clfParser(format);
}

/** Lines of a file's head the detection reads. */
export const DETECT_LINES = 50;

export interface Detection {
  format: FormatId;
  /** Of the lines tried (blank and `#` lines not counted), how many parsed. */
  parsed: number;
  tried: number;
}

/**
 * The format that parses most of the first lines, or undefined when the file is no access log: no
 * line parses, or fewer than one in five do (a text file with one line that happens to look like a
 * log entry is still not a log).
 */
export function detectFormat(lines: readonly string[]): Detection | undefined {
  const sample = lines.slice(0, DETECT_LINES);
  let best: Detection | undefined;
  for (const format of ['combined', 'json', 'w3c'] as const) {
    const parser = parserFor(format);
    let parsed = 0;
    let tried = 0;
    let agents = 0;
    for (const line of sample) {
      const result = parser.parse(line.trim());
      if (result === null) continue;
      tried++;
      if (!result) continue;
      parsed++;
      if (result.userAgent) agents++;
    }
    if (parsed === 0 || (best && parsed <= best.parsed)) continue;
    const refined =
      format === 'combined' && agents === 0
        ? 'common'
        : format === 'json' && sample.some((line) => line.includes('"ClientRequestURI"'))
          ? 'cloudflare'
          : format;
    best = { format: refined, parsed, tried };
  }
  return best && best.parsed * 5 >= best.tried ? best : undefined;
}
