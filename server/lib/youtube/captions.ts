import { decodeXmlEntities } from '#server/lib/media/json-in-html.ts';

export interface Segment {
  start: number;
  duration: number;
  text: string;
}

/*
 * Timed-text bodies served at a caption track's baseUrl (https://www.youtube.com/api/timedtext?...):
 * - `fmt=json3`: {"events":[{"tStartMs":0,"dDurationMs":2500,"segs":[{"utf8":"Hello"},{"utf8":" world"}]}]}
 *   Events without `segs` are window/style markers; a seg of "\n" is a line break.
 * - default XML (srv1): <transcript><text start="0.5" dur="2.1">it&amp;#39;s</text></transcript>
 *   (the text is HTML-escaped inside XML, so entities are decoded twice).
 * - srv3 XML: <timedtext format="3"><body><p t="500" d="2100">Hello <s>world</s></p></body></timedtext>
 */
export function parseTimedText(body: string): Segment[] {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) return parseJson3(trimmed);
  if (trimmed.startsWith('<')) return parseXml(trimmed);
  return [];
}

function parseJson3(body: string): Segment[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return [];
  }
  const events = (data as { events?: unknown }).events;
  if (!Array.isArray(events)) return [];
  const segments: Segment[] = [];
  for (const event of events as Array<Record<string, unknown>>) {
    if (!Array.isArray(event.segs)) continue;
    const textValue = cleanText(
      (event.segs as Array<{ utf8?: unknown }>).map((seg) => (typeof seg.utf8 === 'string' ? seg.utf8 : '')).join(''),
    );
    if (!textValue) continue;
    segments.push({ start: ms(event.tStartMs), duration: ms(event.dDurationMs), text: textValue });
  }
  return segments;
}

function parseXml(body: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of body.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const attrs = attributes(match[1]);
    const textValue = cleanText(decodeXmlEntities(decodeXmlEntities(stripTags(match[2]))));
    if (textValue) segments.push({ start: seconds(attrs.start), duration: seconds(attrs.dur), text: textValue });
  }
  if (segments.length > 0) return segments;
  for (const match of body.matchAll(/<p\b([^>]*)>([\s\S]*?)<\/p>/g)) {
    const attrs = attributes(match[1]);
    const textValue = cleanText(decodeXmlEntities(stripTags(match[2])));
    if (textValue) segments.push({ start: ms(Number(attrs.t)), duration: ms(Number(attrs.d)), text: textValue });
  }
  return segments;
}

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of source.matchAll(/([a-zA-Z_:-]+)="([^"]*)"/g)) out[match[1]] = match[2];
  return out;
}

function stripTags(value: string): string {
  return value.replace(/<[^>]*>/g, '');
}

function cleanText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function ms(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) / 1000 : 0;
}

function seconds(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) / 1000 : 0;
}
