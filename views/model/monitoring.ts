import type { Severity } from './site-audit.ts';

/**
 * One regression a monitored audit found, as the server stores it and the monitor pages show it
 * (server/features/monitoring/regressions.ts computes them; the rule is docs/decisions/0044).
 */
export type Regression =
  | {
      kind: 'new-issue';
      issueId: string;
      title: string;
      /** 'error' for every issue type but the one exception, a page turned noindex ('notice' in the catalogue). */
      severity: Severity;
      url: string;
      /** Link issues: the link's page, its target and its text. */
      source?: string;
      target?: string;
      anchor?: string;
    }
  | { kind: 'score-drop'; from: number; to: number; drop: number }
  | { kind: 'start-page-down'; url: string; status: number | null; error?: string };
