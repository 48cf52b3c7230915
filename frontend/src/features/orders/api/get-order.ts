import { api, type ApiClient } from "../../../lib/api";
import type { Order } from "../types";

export type OrderAnswer = { data: Order };

/** GET /orders/{slug}: the order (an open payment is re-checked at the provider first); 404 for an unknown slug. */
export function getOrder(slug: string, client: ApiClient = api, signal?: AbortSignal): Promise<OrderAnswer> {
  return client.request<OrderAnswer>("GET", `/orders/${encodeURIComponent(slug)}`, { signal });
}
