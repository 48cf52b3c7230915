/**
 * The dashboard: the shop's figures over today, 7 or 30 days (the period in the address, so a
 * link or Back keeps it), each number as the server counted it, and revenue per day as a chart.
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../lib/api";
import { formatPrice, useTranslation } from "../../lib/i18n";
import { Link } from "../../ui/link";
import { getDashboard, isPeriod, PERIODS, type Dashboard, type Period } from "../dashboard-api";
import { Heading } from "../heading";
import { can, useMe, useSession } from "../session";
import { RevenueChart } from "./revenue-chart";

/** The period the address asks for; anything else is today, the API's own default. */
export const periodOf = (params: URLSearchParams): Period => {
  const asked = params.get("period");
  return isPeriod(asked) ? asked : "today";
};

/** Where a figure leads: the orders inbox's box or the stock's low list, when the member may open it. */
export function figureLinks(permissions: (permission: string) => boolean): Record<"toShip" | "problems" | "lowStock", string | null> {
  return {
    toShip: permissions("orders") ? "/studio/orders?box=to_ship" : null,
    problems: permissions("orders") ? "/studio/orders?box=problems" : null,
    lowStock: permissions("stock") ? "/studio/stock?low=true" : null,
  };
}

export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const { client } = useSession();
  const me = useMe();
  const [params] = useSearchParams();
  const period = periodOf(params);
  const [answer, setAnswer] = useState<{ period: Period; found: Dashboard | null; error: unknown } | null>(null);

  useEffect(() => {
    let current = true;
    getDashboard(client, period).then(
      (found) => current && setAnswer({ period, found, error: null }),
      (error: unknown) => current && setAnswer({ period, found: null, error }),
    );
    return () => {
      current = false;
    };
  }, [client, period]);

  const shown = answer?.period === period ? answer : null;
  const links = figureLinks((permission) => can(me, permission));
  const money = (cents: number) => formatPrice(cents, i18n.language);

  return (
    <>
      <Heading>{t("studio.dashboard.title")}</Heading>
      <nav aria-label={t("studio.dashboard.period")} className="studio-periods">
        <ul className="studio-inline">
          {PERIODS.map((value) => (
            <li key={value}>
              <Link
                to={value === "today" ? "/studio/dashboard" : `/studio/dashboard?period=${value}`}
                aria-current={value === period ? "page" : undefined}
                className={value === period ? "button button--primary" : "button button--secondary"}
              >
                {t(`studio.dashboard.periods.${value}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shown === null ? (
        <p role="status" aria-busy="true">
          {t("studio.loading")}
        </p>
      ) : shown.found === null ? (
        <p role="alert">{t(shown.error instanceof ApiError && shown.error.status === 403 ? "studio.forbidden.title" : "studio.failed")}</p>
      ) : (
        <>
          <section aria-labelledby="studio-figures-title">
            <h2 id="studio-figures-title">{t("studio.dashboard.figures", { period: t(`studio.dashboard.periods.${period}`) })}</h2>
            <dl className="studio-figures">
              <Figure label={t("studio.dashboard.orders")} value={String(shown.found.orders)} />
              <Figure label={t("studio.dashboard.revenueNet")} value={money(shown.found.revenueNet)} />
              <Figure label={t("studio.dashboard.lessonsSold")} value={String(shown.found.lessonsSold)} />
              <Figure label={t("studio.dashboard.toShip")} value={String(shown.found.toShip)} to={links.toShip} />
              <Figure label={t("studio.dashboard.problems")} value={String(shown.found.problems)} to={links.problems} />
              <Figure label={t("studio.dashboard.lowStock")} value={String(shown.found.lowStock)} to={links.lowStock} />
            </dl>
          </section>
          <RevenueChart days={shown.found.revenuePerDay} />
        </>
      )}
    </>
  );
}

function Figure({ label, value, to }: { label: string; value: string; to?: string | null }) {
  return (
    <div className="studio-figure">
      <dt>{to ? <Link to={to}>{label}</Link> : label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
