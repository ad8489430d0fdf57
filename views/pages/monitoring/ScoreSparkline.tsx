import { scoreTrend, TREND_HEIGHT, TREND_WIDTH, trendSummary } from './logic.ts';
import { useTimeZone } from '#views/lib/local-time.ts';
import type { ScorePoint } from '#views/tools/site-audit/logic.ts';

/** The site's score over its audits (checks and the owner's own): a small inline SVG with its words beside it. */
export function ScoreSparkline({ history }: { history: ScorePoint[] }) {
  const points = scoreTrend(history);
  const summary = trendSummary(points, useTimeZone());
  if (points.length < 2) return <p className="monitor-trend-note">{summary}</p>;
  const last = points[points.length - 1]!;
  return (
    <figure className="monitor-trend">
      <svg
        viewBox={`-4 0 ${TREND_WIDTH + 8} ${TREND_HEIGHT}`}
        width={TREND_WIDTH + 8}
        height={TREND_HEIGHT}
        role="img"
        aria-label={`Score trend. ${summary}`}
      >
        <line className="monitor-trend-axis" x1={0} x2={TREND_WIDTH} y1={TREND_HEIGHT - 4} y2={TREND_HEIGHT - 4} />
        <polyline
          className="monitor-trend-line"
          fill="none"
          points={points.map((point) => `${point.x},${point.y}`).join(' ')}
        />
        <circle className="monitor-trend-dot" cx={last.x} cy={last.y} r={3} />
      </svg>
      <figcaption>{summary}</figcaption>
    </figure>
  );
}
