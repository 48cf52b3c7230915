/**
 * Revenue per day as a bar chart drawn in SVG (no chart library). The picture is one image for
 * assistive technology, named by a summary in words; the values themselves are in a table that
 * only screen readers see, so no number lives in the picture alone.
 */
import { useId } from "react";
import { formatPrice, useTranslation } from "../../lib/i18n";
import type { DayRevenue } from "../dashboard-api";

export const CHART = { width: 640, height: 220, top: 12, bottom: 28, left: 8, right: 8 } as const;

/** The smallest of 1, 2 or 5 × 10ⁿ at or above `value` (an axis reads in round numbers); 0 stays 0. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

export type Bar = { day: string; value: number; x: number; y: number; width: number; height: number };

/**
 * Where each day's bar goes: heights against a round top value, a refund-heavy day (below
 * zero) drawn as no bar, every bar at least a hair high when it has revenue so it shows.
 */
export function bars(days: DayRevenue[], size: { width: number; height: number; top: number; bottom: number; left: number; right: number } = CHART): {
  top: number;
  bars: Bar[];
} {
  const top = niceCeiling(Math.max(0, ...days.map((d) => d.revenueNet)));
  const plotHeight = size.height - size.top - size.bottom;
  const slot = days.length > 0 ? (size.width - size.left - size.right) / days.length : 0;
  const width = Math.max(1, slot * 0.7);
  const base = size.top + plotHeight;
  return {
    top,
    bars: days.map((d, index) => {
      const positive = Math.max(0, d.revenueNet);
      const height = top === 0 || positive === 0 ? 0 : Math.max(1, (positive / top) * plotHeight);
      return { day: d.day, value: d.revenueNet, x: size.left + index * slot + (slot - width) / 2, y: base - height, width, height };
    }),
  };
}

/** The figures the summary sentence names: the total, the best day and how many days sold anything. */
export function summarise(days: DayRevenue[]): { total: number; best: DayRevenue | null; daysWithSales: number } {
  const total = days.reduce((sum, d) => sum + d.revenueNet, 0);
  const best = days.reduce<DayRevenue | null>((found, d) => (d.revenueNet > 0 && (!found || d.revenueNet > found.revenueNet) ? d : found), null);
  return { total, best, daysWithSales: days.filter((d) => d.revenueNet > 0).length };
}

/** `2026-11-29` as a short date in the language, the day as the server counted it (no zone shift). */
export function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

export function RevenueChart({ days }: { days: DayRevenue[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const summaryId = useId();
  const language = i18n.language;
  const { top, bars: drawn } = bars(days);
  const facts = summarise(days);
  const summary = facts.best
    ? `${t("studio.dashboard.chartSummary", {
        count: days.length,
        total: formatPrice(facts.total, language),
        best: dayLabel(facts.best.day, language),
        bestAmount: formatPrice(facts.best.revenueNet, language),
      })} ${t("studio.dashboard.withSales", { count: facts.daysWithSales })}`
    : t("studio.dashboard.chartEmpty", { count: days.length });
  const base = CHART.height - CHART.bottom;
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  return (
    <figure className="studio-chart">
      <figcaption id={titleId}>{t("studio.dashboard.chartTitle")}</figcaption>
      <p id={summaryId}>{summary}</p>
      <svg role="img" aria-labelledby={`${titleId} ${summaryId}`} viewBox={`0 0 ${CHART.width} ${CHART.height}`}>
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={base} y2={base} className="studio-chart__axis" />
        <line x1={CHART.left} x2={CHART.width - CHART.right} y1={CHART.top} y2={CHART.top} className="studio-chart__grid" />
        <text x={CHART.left} y={CHART.top - 2} className="studio-chart__label">
          {formatPrice(top, language)}
        </text>
        {drawn.map((bar, index) => (
          <g key={bar.day}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="studio-chart__bar">
              <title>{`${dayLabel(bar.day, language)}: ${formatPrice(bar.value, language)}`}</title>
            </rect>
            {index % labelEvery === 0 ? (
              <text x={bar.x + bar.width / 2} y={CHART.height - 8} textAnchor="middle" className="studio-chart__label">
                {dayLabel(bar.day, language)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <table className="visually-hidden">
        <caption>{t("studio.dashboard.chartTable")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("studio.dashboard.day")}</th>
            <th scope="col">{t("studio.dashboard.revenue")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day, language)}</th>
              <td>{formatPrice(d.revenueNet, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
