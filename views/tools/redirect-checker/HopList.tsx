import type { HopKind, RedirectHopView, SchemeChange } from '#views/model/redirect-checker.ts';

const KIND_LABELS: Record<HopKind, string> = {
  redirect: '',
  'refresh-header': 'Refresh header',
  'meta-refresh': 'Meta refresh',
  final: '',
};
const SCHEME_LABELS: Record<SchemeChange, string> = {
  'http-to-https': 'HTTP→HTTPS',
  'https-to-http': 'HTTPS→HTTP',
};

/** The kind of a hop in words: "Refresh header (0 s, permanent)", "Permanent", "Temporary", or "" for the final answer. */
export function hopKindText(hop: RedirectHopView): string {
  if (hop.kind === 'final') return '';
  const permanence = hop.permanent ? 'permanent' : 'temporary';
  if (hop.kind === 'redirect') return hop.permanent ? 'Permanent' : 'Temporary';
  return `${KIND_LABELS[hop.kind]} (${hop.delaySeconds ?? 0} s, ${permanence})`;
}

/** Each hop: status, kind, a named scheme change, URL, Location, time and the SEO headers it sent. */
export function HopList({ hops, label }: { hops: readonly RedirectHopView[]; label: string }) {
  return (
    <ol className="chain" aria-label={label}>
      {hops.map((hop, index) => {
        const headers = [
          ['X-Robots-Tag', hop.headers.xRobotsTag],
          ['Cache-Control', hop.headers.cacheControl],
          ['Canonical', hop.headers.canonical],
          ['Server', hop.headers.server],
        ].filter((pair): pair is [string, string] => pair[1] !== null);
        return (
          <li key={index} className="hop" data-kind={hop.kind}>
            <span className={`http-status http-${String(hop.status)[0]}xx`}>{hop.status}</span>{' '}
            {hopKindText(hop) ? <span className="hop-kind">{hopKindText(hop)}</span> : null}
            {hop.scheme ? (
              <>
                {' '}
                <span className="badge badge-warning hop-scheme">{SCHEME_LABELS[hop.scheme]}</span>
              </>
            ) : null}{' '}
            <span className="url-cell">{hop.url}</span>
            <span className="hop-meta muted">
              {hop.location ? (
                <span className="hop-location">
                  → <span className="url-cell">{hop.location}</span>
                </span>
              ) : null}
              <span className="hop-time">{hop.timeMs} ms</span>
              {headers.map(([name, value]) => (
                <span key={name} className="hop-header">
                  {name}: {value}
                </span>
              ))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
