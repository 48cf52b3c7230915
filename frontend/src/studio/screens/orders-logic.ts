/**
 * What the order screens decide without drawing anything: the inbox's query in the address, the
 * ship and refund forms' defaults and bodies, and where a server's refusal belongs.
 */
import { ApiError } from "../../lib/api";
import type { Values } from "../../lib/forms";
import { BOXES, CARRIERS, EMAIL_KINDS, SORTS, type Box, type Carrier, type EmailKind, type InboxCounts, type InboxQuery, type OrderLine, type RefundAsk, type ShipmentAsk, type Sort } from "../orders-api";

export const DEFAULT_QUERY: InboxQuery = { box: "all", q: "", sort: "-date", page: 1 };
const MAX_PAGE = 10_000;

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** The address's query as the inbox's: anything unknown or out of range falls back to the default. */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const page = Number(params.get("page"));
  return {
    box: oneOf(BOXES, params.get("box"), DEFAULT_QUERY.box),
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort: oneOf(SORTS, params.get("sort"), DEFAULT_QUERY.sort),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The inbox's query as the address's, defaults left out (`?box=to_ship&q=eva`); "" for none. */
export function inboxSearch(query: Partial<InboxQuery>): string {
  const full = { ...DEFAULT_QUERY, ...query };
  const params = new URLSearchParams();
  if (full.box !== DEFAULT_QUERY.box) params.set("box", full.box);
  if (full.q) params.set("q", full.q);
  if (full.sort !== DEFAULT_QUERY.sort) params.set("sort", full.sort);
  if (full.page !== 1) params.set("page", String(full.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The API's counts are camelCase, the boxes snake_case. */
export const countOf = (counts: InboxCounts, box: Box): number =>
  counts[box.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof InboxCounts];

/** The next sort when a column's header is used: descending first, then ascending. */
export function nextSort(current: Sort, column: "date" | "total" | "number"): Sort {
  return current === `-${column}` ? column : (`-${column}` as Sort);
}

/** Units of a line still to ship: physical lines only. */
export const toShip = (line: OrderLine) => (line.productType === "physical" ? Math.max(0, line.quantity - line.shipped) : 0);

export const quantityField = (line: OrderLine) => `quantity_${line.id}`;
export const refundField = (lineId: number) => `refund_${lineId}`;

/** The ship form's start: every unit still to ship, PostNL, no tracking yet. */
export function shipDefaults(lines: OrderLine[]): Values {
  const values: Values = { carrier: "postnl", trackingNumber: "", trackingUrl: "" };
  for (const line of lines) if (toShip(line) > 0) values[quantityField(line)] = String(toShip(line));
  return values;
}

/** The shipment the form asks for: lines with a quantity above 0, in the order's order. */
export function shipmentBody(values: Values, lines: OrderLine[]): ShipmentAsk {
  const carrier = oneOf(CARRIERS, String(values.carrier ?? ""), "other") as Carrier;
  const url = String(values.trackingUrl ?? "").trim();
  return {
    lines: lines
      .filter((line) => toShip(line) > 0)
      .map((line) => ({ lineId: line.id, quantity: Number(String(values[quantityField(line)] ?? "0").trim() || 0) }))
      .filter((line) => line.quantity > 0),
    carrier,
    trackingNumber: String(values.trackingNumber ?? "").trim(),
    trackingUrl: carrier === "other" && url ? url : null,
  };
}

const SHIP_FIELDS = ["carrier", "trackingNumber", "trackingUrl"];

/**
 * A refusal's fields as the form's: `lines.N.…` (the N-th line sent) becomes that line's quantity
 * field, the rest by name; `message` words each in the user's language (by the refusal's code).
 */
export function fieldErrors(
  error: ApiError,
  sent: { lineId: number }[],
  message: (entry: { path: string[]; message: string }, code: string | null) => string,
  { lineField = (lineId: number) => `quantity_${lineId}`, names = SHIP_FIELDS }: { lineField?: (lineId: number) => string; names?: string[] } = {},
): Record<string, string> {
  const found: Record<string, string> = {};
  const code = typeof error.details.code === "string" ? error.details.code : null;
  for (const raw of error.details.errors ?? []) {
    const path = raw.path.map(String);
    const [first, index] = path;
    let field: string | undefined;
    if (first === "lines" && index !== undefined && /^\d+$/.test(index)) {
      const line = sent[Number(index)];
      if (line) field = lineField(line.lineId);
    } else if (names.includes(path.at(-1) ?? "")) {
      field = path.at(-1);
    }
    if (field && !found[field]) found[field] = message({ path, message: raw.message }, code);
  }
  return found;
}

export const BROWSER = "browser";

/** A refusal made in the browser, worded as the server words one, so it lands at its field the same way. */
export const refusal = (path: string[], message: string) =>
  new ApiError({ data: null, error: { status: 400, name: "ValidationError", message, details: { code: BROWSER, errors: [{ path, message, name: "ValidationError" }] } } });

/** The e-mail kind the studio sends again for a sent mail's template (`order_shipped` → shipped). */
export function emailKindOf(template: string): EmailKind | null {
  const kind = template.replace(/^order_/, "");
  return (EMAIL_KINDS as readonly string[]).includes(kind) ? (kind as EmailKind) : null;
}

export type RefundChoice = "lines" | "amount";

/** A refund's units to choose: lines not refunded in full yet. */
export function refundableUnits(line: OrderLine, refunded: number) {
  return Math.max(0, line.quantity - refunded);
}

/**
 * The refund the form asks for: by lines (units above 0, maybe shipping) or an amount in cents
 * the owner typed as euros ("12,50" or "12.50"); the server computes and checks the money.
 */
export function refundBody(values: Values, lines: OrderLine[]): RefundAsk {
  const reason = String(values.reason ?? "").trim();
  const common = { restock: values.restock === true, revokeLessons: values.revokeLessons === true, ...(reason ? { reason } : {}) };
  if (values.by === "amount") return { amount: euroCents(String(values.amount ?? "")) ?? 0, ...common };
  return {
    lines: lines
      .map((line) => ({ lineId: line.id, quantity: Number(String(values[refundField(line.id)] ?? "0").trim() || 0) }))
      .filter((line) => line.quantity > 0),
    shipping: values.shipping === true,
    ...common,
  };
}

/** "12,50", "12.50", "12" → cents; null for anything else (more than two decimals, letters). */
export function euroCents(typed: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** How many units of each line earlier refunds gave back. */
export function refundedUnits(refunds: { lines: { lineId: number; quantity: number }[]; status: string }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === "failed" || refund.status === "canceled") continue;
    for (const part of refund.lines) units.set(part.lineId, (units.get(part.lineId) ?? 0) + part.quantity);
  }
  return units;
}
