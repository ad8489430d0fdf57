import { isFailure, type Outcome } from './evidence.ts';
import { HIDE_AFTER_FAILURES, type CheckResults } from './results.ts';

export interface ListToCheck {
  slug: string;
  urls: readonly string[];
}

const ORDER: Outcome[] = ['ok', 'blocked', 'parked', 'dead', 'error'];

/** Plain-text summary for the operator: counts per list, then every site that needs a look. */
export function formatReport(lists: readonly ListToCheck[], results: CheckResults): string {
  const lines: string[] = [];
  for (const list of lists) {
    const counts = new Map<Outcome, number>();
    let hidden = 0;
    for (const url of list.urls) {
      const result = results.sites[url];
      if (!result) continue;
      counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
      if (result.consecutiveFailures >= HIDE_AFTER_FAILURES) hidden += 1;
    }
    const parts = ORDER.filter((outcome) => counts.get(outcome)).map((outcome) => `${counts.get(outcome)} ${outcome}`);
    lines.push(
      `${list.slug}: ${list.urls.length} sites: ${parts.join(', ') || 'none checked'}${hidden ? `; ${hidden} hidden` : ''}`,
    );
  }
  const attention = Object.values(results.sites).filter(
    (result) => isFailure(result.outcome) || result.moved || result.outcome === 'blocked',
  );
  if (attention.length > 0) {
    lines.push('', 'Needs a look:');
    for (const result of attention) {
      const notes = [
        result.outcome,
        result.status ? `HTTP ${result.status}` : '',
        result.reason ?? '',
        result.moved && result.finalUrl ? `moved to ${result.finalUrl}` : '',
        result.consecutiveFailures >= HIDE_AFTER_FAILURES
          ? `hidden (failed ${result.consecutiveFailures} checks in a row)`
          : '',
      ].filter(Boolean);
      lines.push(`  ${result.url}: ${notes.join('; ')}`);
    }
  }
  lines.push('', 'Results saved to the database: the directory pages show them without a restart.');
  return `${lines.join('\n')}\n`;
}
