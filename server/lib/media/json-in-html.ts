/**
 * Reads the JSON object literal that starts at the first `{` after `marker` (e.g. the value of
 * `var ytInitialPlayerResponse = {...};`). Braces inside strings are skipped, so a `};` in a video
 * description does not cut the object short the way a regular expression would.
 */
export function extractJsonAfter(text: string, marker: string | RegExp): unknown {
  const at = typeof marker === 'string' ? text.indexOf(marker) : text.search(marker);
  if (at < 0) return undefined;
  const start = text.indexOf('{', at);
  if (start < 0) return undefined;
  const end = findObjectEnd(text, start);
  if (end < 0) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

function findObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Every `<script type="application/json">` body (Pinterest, Instagram) parsed, skipping broken ones. */
export function jsonScripts(html: string): unknown[] {
  const found: unknown[] = [];
  const pattern = /<script\b[^>]*type=["']application\/(?:ld\+)?json["'][^>]*>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    try {
      found.push(JSON.parse(match[1]));
    } catch {
      // Pages carry several JSON blocks; one malformed block must not hide the others.
    }
  }
  return found;
}

/** Depth-first walk yielding every object that has `key` (bounded so hostile input cannot loop forever). */
export function findObjectsWithKey(root: unknown, key: string, limit = 200): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const stack: unknown[] = [root];
  let visited = 0;
  while (stack.length > 0 && out.length < limit && visited < 500_000) {
    const node = stack.pop();
    visited++;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (key in record) out.push(record);
      for (const value of Object.values(record).reverse()) if (value && typeof value === 'object') stack.push(value);
    }
  }
  return out;
}

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10), whole);
    return (
      ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[lower] ?? whole
    );
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
