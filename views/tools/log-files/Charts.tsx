import { Table } from '#views/components/Table.tsx';
import { count, dayBars, niceMax, share, STATUS_WORDS, statusMix, type Series } from './logic.ts';
import type { LogDaysResponse } from './schema.ts';

/*
 * The two charts, as plain SVG (no chart library): each has a title and a description for screen
 * readers, and the same numbers as a table under it. Colours come from CSS (one class a series).
 */

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 48, right: 8, top: 10, bottom: 28 };

export function HitsPerDayChart({
  idPrefix,
  days,
  series,
}: {
  idPrefix: string;
  days: LogDaysResponse['days'];
  series: readonly Series[];
}) {
  const bars = dayBars(days, series);
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.total)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const y = (value: number) => (value / top) * plotHeight;
  const labelEvery = Math.ceil(bars.length / 8);
  const titleId = `${idPrefix}-days-title`;
  const descId = `${idPrefix}-days-desc`;
  return (
    <figure className="log-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Bot hits per day</title>
        <desc id={descId}>
          {`Stacked bars, one a day from ${bars[0]?.day ?? '-'} to ${bars[bars.length - 1]?.day ?? '-'}, highest day ${count(Math.max(0, ...bars.map((bar) => bar.total)))} hits. The table below has every number.`}
        </desc>
        {[0, 0.5, 1].map((step) => (
          <g key={step} className="log-chart-grid">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={PAD.top + plotHeight - y(top * step)}
              y2={PAD.top + plotHeight - y(top * step)}
            />
            <text x={PAD.left - 6} y={PAD.top + plotHeight - y(top * step) + 4} textAnchor="end">
              {count(top * step)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          let base = PAD.top + plotHeight;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.day}>
              {bar.values.map((value, n) => {
                const height = y(value);
                base -= height;
                return value > 0 ? (
                  <rect
                    key={series[n]!.key}
                    className={`log-series-${n}`}
                    x={x}
                    y={base}
                    width={barWidth}
                    height={height}
                  >
                    <title>{`${bar.day}: ${series[n]!.label} ${count(value)}`}</title>
                  </rect>
                ) : null;
              })}
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="log-chart-axis">
                  {bar.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="log-legend">
          {series.map((entry, n) => (
            <li key={entry.key}>
              <span className={`log-swatch log-series-${n}`} aria-hidden="true" /> {entry.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="log-chart-table">
        <summary>Hits per day as a table</summary>
        <div className="log-scroll">
          <Table
            className="log-table card-table"
            columns={['Day', ...series.map((entry) => entry.label), 'All bots']}
            caption="Bot hits per day"
            hiddenCaption
          >
            {bars.map((bar) => (
              <tr key={bar.day}>
                <th scope="row">{bar.day}</th>
                {bar.values.map((value, n) => (
                  <td key={series[n]!.key} data-label={series[n]!.label}>
                    {count(value)}
                  </td>
                ))}
                <td data-label="All bots">{count(bar.total)}</td>
              </tr>
            ))}
          </Table>
        </div>
      </details>
    </figure>
  );
}

export function StatusMixChart({ idPrefix, days }: { idPrefix: string; days: LogDaysResponse['days'] }) {
  const mix = statusMix(days);
  const total = mix.reduce((sum, entry) => sum + entry.hits, 0);
  const titleId = `${idPrefix}-status-title`;
  let left = 0;
  return (
    <figure className="log-chart">
      <svg viewBox="0 0 640 48" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {`Status mix of all ${count(total)} hits: ${mix.map((entry) => `${STATUS_WORDS[entry.status]} ${share(entry.hits, total)}`).join(', ')}`}
        </title>
        {mix.map((entry) => {
          const width = total > 0 ? (entry.hits / total) * 640 : 0;
          const x = left;
          left += width;
          return width > 0 ? (
            <rect key={entry.status} className={`log-status-${entry.status}`} x={x} y={4} width={width} height={40}>
              <title>{`${STATUS_WORDS[entry.status]}: ${count(entry.hits)} (${share(entry.hits, total)})`}</title>
            </rect>
          ) : null;
        })}
      </svg>
      <figcaption>
        <ul className="log-legend">
          {mix.map((entry) => (
            <li key={entry.status}>
              <span className={`log-swatch log-status-${entry.status}`} aria-hidden="true" />{' '}
              {STATUS_WORDS[entry.status]}: {count(entry.hits)} ({share(entry.hits, total)})
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
