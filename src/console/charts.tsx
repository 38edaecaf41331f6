// The Overview's charts: plain SVG, scaled to their box (readable from a phone to a desktop), in
// the console's colours (light and dark). Each is one image to assistive technology, its label
// stating the figures; the same numbers are in a table beside it.

export interface FunnelStep {
  label: string;
  value: number;
}

/** Horizontal bars, one per step, each as long as its share of the first. */
export function FunnelChart({ title, steps }: { title: string; steps: readonly FunnelStep[] }) {
  const max = Math.max(1, ...steps.map((s) => s.value));
  const label = `${title}: ${steps.map((s) => `${s.value} ${s.label.toLowerCase()}`).join(', ')}`;
  return (
    <figure className="rc-chart">
      <figcaption>{title}</figcaption>
      <div role="img" aria-label={label} className="rc-funnel">
        {steps.map((s) => (
          <div key={s.label} className="rc-funnel-row" aria-hidden="true">
            <span className="rc-funnel-label">{s.label}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="rc-funnel-bar" focusable="false">
              <rect className="rc-bar-track" x="0" y="0" width="100" height="10" />
              <rect className="rc-bar-main" x="0" y="0" width={(s.value / max) * 100} height="10" />
            </svg>
            <span className="rc-funnel-value">{s.value}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}

export interface DaySeries {
  name: string;
  /** One value per day, in the days' order. */
  values: readonly number[];
  /** The bar's colour class (rc-bar-main, rc-bar-good). */
  className: string;
}

/** Columns per day, the series side by side; the first and last day named under the chart. */
export function DayChart({
  title,
  days,
  series,
  unit = '',
}: {
  title: string;
  days: readonly string[];
  series: readonly DaySeries[];
  unit?: string;
}) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const width = Math.max(1, days.length) * 10;
  const bar = 8 / Math.max(1, series.length);
  const totals = series.map(
    (s) => `${round(s.values.reduce((a, b) => a + b, 0))}${unit} ${s.name.toLowerCase()}`,
  );
  const busiest = max > 0 ? days[series[0]!.values.indexOf(Math.max(...series[0]!.values))] : undefined;
  const label =
    `${title}, ${days[0] ?? ''} to ${days.at(-1) ?? ''}: ${totals.join(', ')}` +
    (busiest
      ? `; most ${series[0]!.name.toLowerCase()} on ${busiest} (${round(Math.max(...series[0]!.values))}${unit})`
      : '');
  return (
    <figure className="rc-chart">
      <figcaption>
        {title}
        <span className="rc-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.name} className="rc-legend-item">
              <svg viewBox="0 0 10 10" className="rc-legend-swatch" focusable="false">
                <rect className={s.className} width="10" height="10" />
              </svg>
              {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="rc-day-chart"
        focusable="false"
      >
        <line className="rc-axis" x1="0" y1="100" x2={width} y2="100" />
        {series.map((s, si) =>
          s.values.map((v, di) => {
            const h = max > 0 ? (v / max) * 96 : 0;
            return (
              <rect
                key={`${si}-${di}`}
                className={s.className}
                x={di * 10 + 1 + si * bar}
                y={100 - h}
                width={bar}
                height={h}
              />
            );
          }),
        )}
      </svg>
      <div className="rc-chart-axis" aria-hidden="true">
        <span>{days[0]}</span>
        <span>
          max {round(max)}
          {unit}
        </span>
        <span>{days.at(-1)}</span>
      </div>
    </figure>
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
