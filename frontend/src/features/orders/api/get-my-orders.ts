import { api, type ApiClient } from "../../../lib/api";
import type { OrderSummary } from "../types";

export type MyOrdersAnswer = { data: OrderSummary[] };

/** GET /users/me/orders (bearer): the signed-in parent's orders, newest first; 401 signed out. */
export function getMyOrders(client: ApiClient = api, signal?: AbortSignal): Promise<MyOrdersAnswer> {
  return client.request<MyOrdersAnswer>("GET", "/users/me/orders", { signal });
}
