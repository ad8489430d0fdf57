/**
 * axe-core's WCAG 2.0/2.1 A and AA failures of one rendered page, one line per rule with its impact, how
 * many elements fail it and the first of them (the mobile-friendly test and the one-page SEO audit).
 */
export function AxeFindings({
  findings,
}: {
  findings: ReadonlyArray<{ rule: string; impact: string | null; count: number; element: string }>;
}) {
  if (findings.length === 0)
    return <p className="muted">No WCAG 2.1 A or AA rule of axe-core fails on the rendered page.</p>;
  return (
    <ul className="resource-list axe-findings">
      {findings.map((finding) => (
        <li key={finding.rule}>
          <span className="resource-meta">
            <strong>{finding.rule}</strong>
            {finding.impact ? <> · {finding.impact}</> : null} · {finding.count}{' '}
            {finding.count === 1 ? 'element' : 'elements'}
          </span>
          <code className="console-text">{finding.element}</code>
        </li>
      ))}
    </ul>
  );
}
