import type { MonitorRun, MonitorView } from './model.ts';

/** Contract-shaped data for the pages' rendering tests (the shapes GET /api/monitors/:id answers). */
export const SAMPLE_VERIFICATION = {
  meta: '<meta name="seo-site-verification" content="tok_Abc123">',
  file: { path: '/tok_Abc123.html', content: 'seo-site-verification: tok_Abc123' },
};

export function sampleRuns(): MonitorRun[] {
  return [
    {
      id: 'run-3',
      at: '2026-11-27T09:00:00.000Z',
      trigger: 'manual',
      status: 'done',
      auditId: 'audit-3',
      score: 71,
      fixedCount: 1,
      regressions: [
        {
          kind: 'new-issue',
          issueId: 'broken-link',
          title: 'Broken internal link',
          severity: 'error',
          url: 'https://shop.example/gone',
          source: 'https://shop.example/',
          target: 'https://shop.example/gone',
          anchor: 'Spring sale',
        },
        {
          kind: 'new-issue',
          issueId: 'missing-title',
          title: 'Missing title',
          severity: 'error',
          url: 'https://shop.example/about',
        },
        { kind: 'score-drop', from: 90, to: 71, drop: 19 },
      ],
    },
    {
      id: 'run-2',
      at: '2026-11-20T09:00:00.000Z',
      trigger: 'schedule',
      status: 'failed',
      auditId: 'audit-2',
      score: null,
      fixedCount: 0,
      regressions: [{ kind: 'start-page-down', url: 'https://shop.example/', status: 503 }],
    },
    {
      id: 'run-1',
      at: '2026-11-13T09:00:00.000Z',
      trigger: 'schedule',
      status: 'done',
      auditId: 'audit-1',
      score: 90,
      fixedCount: 0,
      regressions: [],
    },
  ];
}

/** The site's history as the newest check's report reaches it: the owner's own audit first, then two checks. */
export function sampleHistory(): MonitorView['history'] {
  return [
    { id: 'audit-0', score: 64, createdAt: '2026-11-06T09:00:00.000Z', monitored: false },
    { id: 'audit-1', score: 90, createdAt: '2026-11-13T09:00:00.000Z', monitored: true },
    { id: 'audit-3', score: 71, createdAt: '2026-11-27T09:00:00.000Z', monitored: true },
  ];
}

export function sampleMonitor(overrides: Partial<MonitorView> = {}): MonitorView {
  return {
    id: 'mon_1',
    url: 'https://shop.example/',
    email: 'owner@shop.example',
    schedule: 'weekly',
    status: 'active',
    verified: true,
    webhookUrl: null,
    digest: false,
    scoreDrop: 5,
    verification: SAMPLE_VERIFICATION,
    nextRunAt: '2026-12-04T09:00:00.000Z',
    runs: sampleRuns(),
    history: sampleHistory(),
    ...overrides,
  };
}
