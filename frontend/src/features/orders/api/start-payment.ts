import { api, type ApiClient } from "../../../lib/api";

export type PaymentStartedAnswer = { data: { checkoutUrl: string } };

/**
 * POST /orders/{slug}/payments (Pay now): the open payment's page, or a new payment when the last
 * one ended without money. 409 `order_paid` once paid, 409 `product_unavailable` when the released
 * stock is gone, 503 when the provider cannot be reached.
 */
export function startPayment(slug: string, returnUrl: string, client: ApiClient = api): Promise<PaymentStartedAnswer> {
  return client.request<PaymentStartedAnswer>("POST", `/orders/${encodeURIComponent(slug)}/payments`, { body: { returnUrl } });
}
