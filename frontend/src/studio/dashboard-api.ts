/**
 * The dashboard's call (backend/splash/site/studio_routes.py): the shop's figures over a period,
 * every amount in cents as the server computed it.
 */
import type { ApiClient } from "../lib/api";

export const PERIODS = ["today", "7d", "30d"] as const;
export type Period = (typeof PERIODS)[number];

export type DayRevenue = { day: string; revenueNet: number };
export type Dashboard = {
  period: Period;
  since: string;
  orders: number;
  /** Cents, without VAT, less refunds. */
  revenueNet: number;
  lessonsSold: number;
  toShip: number;
  problems: number;
  lowStock: number;
  revenuePerDay: DayRevenue[];
};

export const isPeriod = (value: string | null): value is Period => PERIODS.includes(value as Period);

export const getDashboard = async (client: ApiClient, period: Period) =>
  (await client.request<{ data: Dashboard }>("GET", "/dashboard", { query: { period } })).data;
