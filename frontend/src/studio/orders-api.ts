/**
 * The studio's order calls (backend/splash/orders/studio_routes.py and refund_routes.py, see
 * docs/studio-orders-api.md). Amounts are integer cents the server computed; each call takes the
 * client first, so the Pact tests run these very functions.
 */
import { config } from "../lib/config";
import type { ApiClient } from "../lib/api";

export const BOXES = ["to_ship", "awaiting_payment", "problems", "shipped", "refunded", "all"] as const;
export type Box = (typeof BOXES)[number];
export const SORTS = ["-date", "date", "-total", "total", "-number", "number"] as const;
export type Sort = (typeof SORTS)[number];
export const CARRIERS = ["postnl", "dhl", "dpd", "ups", "gls", "bpost", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];
export const EMAIL_KINDS = ["confirmation", "bank_transfer", "account", "refund", "canceled", "shipped"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export type InboxQuery = { box: Box; q: string; sort: Sort; page: number };
export type InboxCounts = { toShip: number; awaitingPayment: number; problems: number; shipped: number; refunded: number; all: number };
export type InboxOrder = {
  id: number;
  orderNr: string;
  createdAt: string;
  status: string;
  firstname: string;
  lastname: string;
  email: string;
  country: string;
  total: number;
  currency: string;
  amountRefunded: number;
  flagged: string | null;
  toShip: boolean;
};
export type InboxPage = { data: InboxOrder[]; meta: { page: number; pageSize: number; total: number; counts: InboxCounts } };

export type Address = {
  street: string;
  housenumber: string;
  addition: string | null;
  additionalInfo: string | null;
  postalCode: string;
  city: string;
  country: string;
};
export type OrderLine = {
  id: number;
  sku: string;
  productType: "physical" | "digital";
  title: string;
  variantLabel: string;
  options: { key: string; value: string }[];
  quantity: number;
  shipped: number;
  unitPrice: number;
  lineTotal: number;
  vatRate: number;
  vat: number;
};
export type OrderPayment = {
  id: number;
  provider: string;
  providerId: string;
  method: string | null;
  amount: number;
  status: string;
  amountRefunded: number;
  amountChargedBack: number;
  createdAt: string;
  history: { status: string; at: string }[];
};
export type Shipment = {
  id: number;
  createdAt: string;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: { lineId: number; sku: string; title: string; variantLabel: string; quantity: number }[];
};
export type SentMail = { id: number; sentAt: string; to: string; subject: string; template: string; locale: string };
export type Note = { id: number; at: string; author: string; text: string };
export type TimelineEntry = { at: string; kind: string; summary: string; ref: number | null; by: string | null };
export type StudioOrder = {
  id: number;
  orderNr: string;
  invoiceNr: string | null;
  slug: string;
  locale: string;
  status: string;
  flagged: string | null;
  createdAt: string;
  paidAt: string | null;
  userId: number | null;
  firstname: string;
  lastname: string;
  email: string;
  shippingAddress: Address;
  billingAddress: Address;
  lines: OrderLine[];
  subtotal: number;
  shipping: number;
  vat: number;
  total: number;
  currency: string;
  amountRefunded: number;
  amountChargedBack: number;
  payments: OrderPayment[];
  shipments: Shipment[];
  mails: SentMail[];
  notes: Note[];
  timeline: TimelineEntry[];
};

export type ShipmentAsk = { lines: { lineId: number; quantity: number }[]; carrier: Carrier; trackingNumber: string; trackingUrl: string | null };

export type Refund = {
  id: number;
  creditNoteNr: string;
  status: string;
  amount: number;
  shipping: number;
  lines: { lineId: number; quantity: number; amount: number; vat: number; vatRate: number }[];
  vat: { rate: number; net: number; vat: number }[];
  restock: boolean;
  revokeLessons: boolean;
  reason: string | null;
  createdBy: string;
  createdAt: string;
  creditNoteUrl: string;
};
export type OrderMoney = { id: number; status: string; total: number; amountRefunded: number; refundable: number };
export type RefundAsk = {
  lines?: { lineId: number; quantity: number }[];
  shipping?: boolean;
  amount?: number;
  restock: boolean;
  revokeLessons: boolean;
  reason?: string;
};
export type Canceled = { id: number; status: string; paymentStatus: string | null; stockState: string; notified: boolean };

type Data<T> = { data: T };
const IDEMPOTENCY = "idempotency-key";

/** Where the API is for a plain link (a new tab, a download): the same path the client calls. */
export const studioApiUrl = (path: string) => `${config.apiBaseURL}${config.apiPrefix}/studio${path}`;

export const packingSlipsUrl = (ids: number[]) => studioApiUrl(`/packing-slips?orders=${ids.join(",")}`);

/** The CSV of the box and search the inbox shows (both optional: all orders). */
export function ordersCsvUrl(box: Box, q: string): string {
  const query = new URLSearchParams();
  if (box !== "all") query.set("box", box);
  if (q) query.set("q", q);
  const search = query.toString();
  return studioApiUrl(`/orders.csv${search ? `?${search}` : ""}`);
}

export function listOrders(client: ApiClient, query: InboxQuery, pageSize = 50): Promise<InboxPage> {
  const params: Record<string, string | number> = { box: query.box, sort: query.sort, page: query.page, pageSize };
  if (query.q) params.q = query.q;
  return client.request<InboxPage>("GET", "/orders", { query: params });
}

export const getOrder = async (client: ApiClient, id: number) => (await client.request<Data<StudioOrder>>("GET", `/orders/${id}`)).data;

export const addNote = async (client: ApiClient, id: number, text: string) =>
  (await client.request<Data<Note>>("POST", `/orders/${id}/notes`, { body: { text } })).data;

export const shipOrder = async (client: ApiClient, id: number, body: ShipmentAsk, key: string) =>
  (await client.request<Data<Shipment>>("POST", `/orders/${id}/shipments`, { body, headers: { [IDEMPOTENCY]: key } })).data;

export const listRefunds = (client: ApiClient, id: number) => client.request<{ data: Refund[]; order: OrderMoney }>("GET", `/orders/${id}/refunds`);

export const refundOrder = async (client: ApiClient, id: number, body: RefundAsk, key: string) =>
  (await client.request<Data<{ refund: Refund; order: OrderMoney }>>("POST", `/orders/${id}/refunds`, { body, headers: { [IDEMPOTENCY]: key } })).data;

export const cancelOrder = async (client: ApiClient, id: number, notify: boolean) =>
  (await client.request<Data<Canceled>>("POST", `/orders/${id}/cancel`, { body: { notify } })).data;

export const resendEmail = async (client: ApiClient, id: number, kind: EmailKind) =>
  (await client.request<Data<{ kind: EmailKind; to: string }>>("POST", `/orders/${id}/emails`, { body: { kind } })).data;
