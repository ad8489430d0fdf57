import type { PageFacts } from './facts.ts';

/** Distinct ids remembered while one page is read: past this, new ids are no longer checked. */
const MAX_IDS_TRACKED = 20_000;
const MAX_NAMED_DUPLICATES = 3;
const MAX_ID_CHARS = 60;
const MAX_PAGINATION = 4;
const PLACEHOLDER = /lorem\s+ipsum/i;

/**
 * Markup facts gathered during the one streaming pass (elements, duplicate ids, heading levels,
 * placeholder text, charset and pagination links). The set of ids lives only while the page is
 * read; the facts keep counts and a few capped names.
 */
export function createMarkupTracker(facts: PageFacts) {
  const ids = new Set<string>();
  const reported = new Set<string>();
  let lastHeading = 0;
  // The end of the previous visible text, so "lorem ipsum" split across text nodes is still found.
  let tail = '';

  return {
    open(name: string, attribs: Record<string, string>, inSvg: boolean): void {
      facts.elementCount += 1;
      const id = attribs.id;
      if (id !== undefined && id !== '') {
        if (ids.has(id)) {
          if (!reported.has(id)) {
            reported.add(id);
            facts.duplicateIdCount += 1;
            if (facts.duplicateIds.length < MAX_NAMED_DUPLICATES) facts.duplicateIds.push(id.slice(0, MAX_ID_CHARS));
          }
        } else if (ids.size < MAX_IDS_TRACKED) ids.add(id);
      }
      if (!inSvg && name.length === 2 && name[0] === 'h' && name[1] >= '1' && name[1] <= '6') {
        const level = Number(name[1]);
        if (lastHeading > 0 && level > lastHeading + 1) {
          facts.headingSkips += 1;
          facts.firstHeadingSkip ??= `h${lastHeading} → h${level}`;
        }
        lastHeading = level;
      }
      if (name === 'meta') {
        if (attribs.charset !== undefined && attribs.charset.trim()) facts.metaCharset = true;
        if (
          (attribs['http-equiv'] ?? '').toLowerCase() === 'content-type' &&
          /charset\s*=\s*\S/i.test(attribs.content ?? '')
        )
          facts.metaCharset = true;
      }
      if (name === 'link' && attribs.href?.trim() && facts.pagination.length < MAX_PAGINATION) {
        const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
        const kind = rel.includes('next') ? 'next' : rel.includes('prev') || rel.includes('previous') ? 'prev' : null;
        if (kind) facts.pagination.push({ rel: kind, href: attribs.href.trim() });
      }
    },
    /** Visible body text only (the caller filters scripts, styles and hidden elements). */
    text(text: string): void {
      if (facts.placeholderText) return;
      const window = tail + text;
      if (PLACEHOLDER.test(window)) facts.placeholderText = true;
      tail = window.slice(-24);
    },
  };
}
