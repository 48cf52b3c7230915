/** Locale-aware formatting that gives the same text on the server and in the browser. */
import { formatLongDate } from "../../../lib/i18n";

/**
 * A date ("2025-05-01") or timestamp as a long date in the page's language, e.g. "1 May 2025".
 * Always in UTC, so publishing and the browser agree; an unreadable value is returned as is.
 */
export function formatDate(value: string, language: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatLongDate(date, language, "UTC");
}

/** The machine-readable form for <time dateTime>: the date part of an ISO timestamp. */
export function isoDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}
