// Directives whose own syntax contains a colon, so "name: value" is not a user-agent prefix.
const VALUED_DIRECTIVES = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

/**
 * Directives from an X-Robots-Tag header that apply to `agent` (lower-case). Values may be
 * scoped ("googlebot: noindex") and several headers arrive joined with commas.
 */
export function xRobotsDirectivesFor(header: string | null | undefined, agent: string): string[] {
  if (!header) return [];
  const out: string[] = [];
  let scope: string | null = null;
  for (const rawPart of header.split(',')) {
    let part = rawPart.trim().toLowerCase();
    const scoped = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(part);
    if (scoped && !VALUED_DIRECTIVES.has(scoped[1])) {
      scope = scoped[1];
      part = scoped[2].trim();
    }
    if (part && (scope === null || scope === agent)) out.push(part);
  }
  return out;
}

export function hasNoindex(directives: readonly string[]): boolean {
  return directives.some((directive) => directive === 'noindex' || directive === 'none');
}
